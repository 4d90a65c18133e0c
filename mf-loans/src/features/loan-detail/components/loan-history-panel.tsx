import { formatDateTime } from '@lender/shared/domain/date-time';
import type { LoanHistoryEntry } from '@lender/shared/contract/loans';
import { Alert, Card, Typography, type TableColumnsType } from '@lender/shared/ui/antd';
import { Money, moneyColumn } from '@lender/shared/ui/money.tsx';
import { RecordTable } from '@lender/shared/ui/record-table.tsx';
import { useGetLoanHistoryQuery } from '../api/loan-detail-api';

/** 'loan.disbursed' → 'Loan disbursed'. */
export function historyActionText(action: string): string {
  const words = action.replace(/[._]/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

/** A rejected repayment's code and reason, under the action ('Code QJK7H2L9XZ: Not on the statement'). */
function RejectionDetails({ after }: { after: LoanHistoryEntry['after'] }) {
  const code = typeof after?.mpesa_code === 'string' ? after.mpesa_code : null;
  const reason = typeof after?.reason === 'string' ? after.reason : null;
  if (!code && !reason) return null;
  return (
    <Typography.Text type="secondary" style={{ display: 'block' }}>
      {[code && `Code ${code}`, reason].filter(Boolean).join(': ')}
    </Typography.Text>
  );
}

const COLUMNS: TableColumnsType<LoanHistoryEntry> = [
  {
    title: 'When',
    dataIndex: 'at',
    key: 'at',
    render: (at: string) => formatDateTime(at),
  },
  {
    title: 'Who',
    dataIndex: 'actor_name',
    key: 'actor_name',
    render: (name: string | null) => name ?? 'System',
  },
  {
    title: 'Action',
    dataIndex: 'action',
    key: 'action',
    render: (action: string, entry) => (
      <>
        {historyActionText(action)}
        {action === 'repayment.rejected' ? <RejectionDetails after={entry.after} /> : null}
      </>
    ),
  },
  // The money the entry moved (a repayment, the disbursement, a promise); blank where none.
  {
    ...moneyColumn<LoanHistoryEntry>('Amount', 'amount'),
    render: (amount: number | null) => (amount === null ? null : <Money amount={amount} />),
  },
];

/** 'Loan History' (docs/product.md#loan-detail): the loan's audit trail, newest first. */
export function LoanHistoryPanel({ loanId }: { loanId: number }) {
  const { data, error, isFetching } = useGetLoanHistoryQuery(loanId);
  return (
    <Card title="Loan History" size="small">
      {error ? <Alert type="error" showIcon title="Failed to fetch the loan history" /> : null}
      <RecordTable<LoanHistoryEntry>
        label="Loan History"
        columns={COLUMNS}
        rows={data ?? []}
        loading={isFetching}
        emptyText="No history recorded yet."
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
