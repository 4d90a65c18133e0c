import { Button, Flex, Typography, dayjs } from '@lender/shared/ui/antd';
/** A calendar month: 1–12 and the year. */
export interface MonthArg {
  month: number;
  year: number;
}

/** The current month in the browser's calendar (the lender works in one time zone). */
export function currentMonth(): MonthArg {
  const now = dayjs();
  return { month: now.month() + 1, year: now.year() };
}

/** The month before or after, across year ends. */
export function shiftMonth({ month, year }: MonthArg, by: number): MonthArg {
  const moved = dayjs(new Date(year, month - 1, 1)).add(by, 'month');
  return { month: moved.month() + 1, year: moved.year() };
}

/** 'November 2026'. */
export function monthLabel({ month, year }: MonthArg): string {
  return dayjs(new Date(year, month - 1, 1)).format('MMMM YYYY');
}

/** Previous month / the month shown / Next month. */
export function MonthNavigator({ value, onChange }: { value: MonthArg; onChange: (next: MonthArg) => void }) {
  return (
    // Wraps on a phone (the month label then sits under the two buttons) instead of overflowing.
    <Flex align="center" justify="center" gap="small" wrap>
      <Button onClick={() => onChange(shiftMonth(value, -1))}>Previous month</Button>
      <Typography.Text strong aria-live="polite" style={{ minWidth: 130, textAlign: 'center' }}>
        {monthLabel(value)}
      </Typography.Text>
      <Button onClick={() => onChange(shiftMonth(value, 1))}>Next month</Button>
    </Flex>
  );
}
