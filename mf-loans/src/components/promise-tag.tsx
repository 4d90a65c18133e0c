import { PROMISE_STATUS_LABELS, type PromiseStatus } from '@lender/shared/contract/notes';
import { Flex, Tag } from '@lender/shared/ui/antd';
import { Money } from '@lender/shared/ui/money.tsx';

/** Preset tag colours (readable in light and dark, like the status badges). */
const PROMISE_STATUS_COLOURS: Record<PromiseStatus, string> = {
  pending: 'gold',
  kept: 'green',
  broken: 'red',
};

/** A promise to pay's status as of today: Pending, Kept or Broken (issue 14, collections). */
export function PromiseStatusTag({ status }: { status: PromiseStatus }) {
  return (
    <Tag color={PROMISE_STATUS_COLOURS[status]} style={{ marginInlineEnd: 0 }}>
      {PROMISE_STATUS_LABELS[status]}
    </Tag>
  );
}

/** A promise to pay in a table cell: its date and amount, then its status tag. */
export function PromiseSummary({
  date,
  amount,
  status,
}: {
  date: string;
  amount: number | string | null | undefined;
  status: PromiseStatus;
}) {
  return (
    <Flex gap={4} wrap align="center">
      <span>
        {date} · <Money amount={amount} />
      </span>
      <PromiseStatusTag status={status} />
    </Flex>
  );
}
