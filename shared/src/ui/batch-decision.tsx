import type { ReactNode } from 'react';
import type { BatchDecisionResult } from '../contract/batch-decisions';
import { formatCents, sumCents, toCents } from '../domain/cents';
import { formatKsh } from '../domain/money';
import { Button, Flex, Modal, Typography } from '@lender/shared/ui/antd';

/** The exact sum of the amounts (in cents, never a float sum), as Ksh text: 'Ksh 12,500.00'. */
export const totalKsh = (amounts: readonly (number | string)[]): string =>
  formatKsh(formatCents(sumCents(amounts.map((amount) => toCents(amount)))));

/** '1 repayment', '25 repayments'. */
export const countOf = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * The line above a selectable list (issue 34): how many rows are selected and their total, the
 * buttons acting on them, and Clear selection. Says how to select while nothing is.
 */
export function SelectionBar({
  count,
  noun,
  total,
  onClear,
  children,
}: {
  count: number;
  /** What a row is, singular: 'repayment'. */
  noun: string;
  /** The selected rows' total, as Ksh text (totalKsh). */
  total: string;
  onClear: () => void;
  /** The buttons, e.g. 'Approve selected'. */
  children: ReactNode;
}) {
  return (
    <Flex wrap gap="small" align="center" role="group" aria-label={`Selected ${noun}s`}>
      <Typography.Text aria-live="polite">
        {count === 0
          ? `Select ${noun}s to decide them together (arrow keys move, Space selects).`
          : `${countOf(count, noun)} selected, ${total}`}
      </Typography.Text>
      {count > 0 ? (
        <>
          {children}
          <Button onClick={onClear}>Clear selection</Button>
        </>
      ) : null}
    </Flex>
  );
}

/** What a batch's result dialog says of one item: whose it is and its amount. */
export interface BatchItem {
  id: number;
  /** e.g. 'Wanjiku Kamau, Ksh 500.00'. */
  name: string;
}

/**
 * The answer to a batch (issue 34): how many succeeded and how many were refused, each refused
 * item with its reason, then the ones that succeeded. Close is its one button.
 */
export function BatchResultModal({
  title,
  verb,
  items,
  results,
  onClose,
}: {
  title: string;
  /** What succeeding was, past tense: 'approved', 'disbursed'. */
  verb: string;
  /** The items asked for, to name each result. */
  items: readonly BatchItem[];
  results: readonly BatchDecisionResult[];
  onClose: () => void;
}) {
  const names = new Map(items.map((item) => [item.id, item.name]));
  const nameOf = (id: number) => names.get(id) ?? `#${id}`;
  const done = results.filter((result) => result.ok);
  const refused = results.filter((result) => !result.ok);
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      // The footer's Close is the one way out (Escape too): no second "Close" in the corner.
      closable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
      destroyOnHidden
    >
      <Flex vertical gap="small">
        <Typography.Paragraph strong style={{ margin: 0 }}>
          {`${done.length} ${verb}, ${refused.length} refused.`}
        </Typography.Paragraph>
        {refused.length > 0 ? (
          <section aria-label="Refused">
            <Typography.Text type="danger" strong>
              Refused
            </Typography.Text>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {refused.map((result) => (
                <li key={result.id}>
                  {nameOf(result.id)}: {result.message}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {done.length > 0 ? (
          <section aria-label={verb[0]?.toUpperCase() + verb.slice(1)}>
            <Typography.Text strong>{verb[0]?.toUpperCase() + verb.slice(1)}</Typography.Text>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {done.map((result) => (
                <li key={result.id}>{nameOf(result.id)}</li>
              ))}
            </ul>
          </section>
        ) : null}
      </Flex>
    </Modal>
  );
}
