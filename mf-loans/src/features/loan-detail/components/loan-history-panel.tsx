import { formatDateTime } from '@lender/shared/domain/date-time';
import type { LoanHistoryEntry } from '@lender/shared/contract/loans';
import { Alert, Card, type TableColumnsType } from '@lender/shared/ui/antd';
import { Money, moneyColumn } from '@lender/shared/ui/money.tsx';
import { RecordTable } from '@lender/shared/ui/record-table.tsx';
import { useGetLoanHistoryQuery } from '../api/loan-detail-api';

/** 'loan.disbursed' → 'Loan disbursed'. */
export function historyActionText(action: string): string {
  const words = action.replace(/[._]/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
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
    render: (action: string) => historyActionText(action),
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
