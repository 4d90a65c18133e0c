import { formatDay } from '@lender/shared/domain/date-time';
import { render, screen } from '@testing-library/react';
import { LockDate, nairobiToday } from './loan-columns';

describe('LockDate', () => {
  it('a lock date still to come reads as the date alone', () => {
    const { container } = render(<LockDate date="2025-03-17" today="2025-03-10" />);
    expect(container).toHaveTextContent(new RegExp(`^${formatDay('2025-03-17')}$`));
  });

  it('on the lock date itself: an orange "today" tag that says why in words', () => {
    render(<LockDate date="2025-03-10" today="2025-03-10" />);
    const tag = screen.getByText('today');
    expect(tag).toHaveClass('ant-tag-orange');
    expect(tag).toHaveTextContent('today: the phone may be locked from today');
  });

  it('once passed: a red "overdue" tag', () => {
    render(<LockDate date="2025-03-09" today="2025-03-10" />);
    expect(screen.getByText('overdue')).toHaveClass('ant-tag-red');
  });

  it('none (paid, repossessed, not disbursed): N/A', () => {
    const { container } = render(<LockDate date={null} today="2025-03-10" />);
    expect(container).toHaveTextContent(/^N\/A$/);
  });

  it("today is Nairobi's day: 22:30 UTC on 9 March is already 10 March there", () => {
    expect(nairobiToday(new Date('2025-03-09T22:30:00Z'))).toBe('2025-03-10');
  });
});
