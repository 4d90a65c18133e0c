import { render, screen } from '@testing-library/react';
import { DeviceLockStateBadge, DeviceStatusBadge, LoanStatusBadge } from './status-badge';

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

  it("shows the provider's lock state in its colour, and nothing before the provider was asked", () => {
    const { container, rerender } = render(<DeviceLockStateBadge state="lock_requested" />);
    expect(screen.getByText('lock requested')).toHaveClass('ant-tag-orange');
    rerender(<DeviceLockStateBadge state="locked" />);
    expect(screen.getByText('phone locked')).toHaveClass('ant-tag-red');
    rerender(<DeviceLockStateBadge state={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
