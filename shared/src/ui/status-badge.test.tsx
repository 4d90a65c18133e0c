import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { contrastRatio } from './contrast';
import { DeviceStatusBadge, LoanStatusBadge, readableTagText } from './status-badge';

describe('status badges', () => {
  it('shows partially_paid as "partially paid" in yellow', () => {
    render(<LoanStatusBadge status="partially_paid" />);
    expect(screen.getByText('partially paid')).toHaveClass('ant-tag-gold');
  });

  it('shows each loan status in its colour', () => {
    const { rerender } = render(<LoanStatusBadge status="defaulted" />);
    expect(screen.getByText('defaulted')).toHaveClass('ant-tag-red');
    rerender(<LoanStatusBadge status="active" />);
    expect(screen.getByText('active')).toHaveClass('ant-tag-green');
  });

  it("reads the legacy spelling 'repossesed' and calls anything else Unknown", () => {
    const { rerender } = render(<DeviceStatusBadge status="repossesed" />);
    expect(screen.getByText('repossessed')).toBeInTheDocument();
    rerender(<DeviceStatusBadge status="stolen" />);
    expect(screen.getByText('Unknown')).toBeInTheDocument();
  });

  it('writes each hue in a shade that reads at 4.5:1 on its tint, in the light and dark themes', () => {
    for (const algorithm of [theme.defaultAlgorithm, theme.darkAlgorithm]) {
      const palette = theme.getDesignToken({ algorithm }) as unknown as Record<string, string>;
      for (const hue of ['green', 'gold', 'orange', 'red', 'blue', 'purple']) {
        const text = readableTagText(palette, hue);
        expect(text).toBeDefined();
        expect(contrastRatio(text!, palette[`${hue}1`]!)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('keeps the hue of "partially paid" in a darker gold than antd’s (2.75:1)', () => {
    render(<LoanStatusBadge status="partially_paid" />);
    // gold-9 on gold-1 (gold-8 reads 4.4:1); antd's own is gold-7 #d48806.
    expect(screen.getByText('partially paid')).toHaveStyle({ color: '#874d00' });
  });
});
