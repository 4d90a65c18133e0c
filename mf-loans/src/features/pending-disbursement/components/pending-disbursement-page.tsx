import { useState } from 'react';
import { useCan } from '@lender/shared/client/use-can';
import type { LoanRow } from '@lender/shared/contract/loans';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { App, Button, type TableColumnsType } from '@lender/shared/ui/antd';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { moneyColumn } from '@lender/shared/ui/money.tsx';
import { LoanStatusBadge } from '@lender/shared/ui/status-badge.tsx';
import { useConfirm } from '@lender/shared/ui/use-confirm.tsx';
import { useListPage } from '@lender/shared/ui/use-list-page';
import { decisionFailureText } from '../../../components/decision-failure';
import { useListFilters } from '../../../components/list-filters';
import { LOAN_TOAST } from '../../../components/loan-toast';
import {
  useDisbursePendingLoanMutation,
  useGetPendingDisbursementLoansQuery,
} from '../api/pending-disbursement-api';
import { DisburseModal } from './disburse-modal';

const COLUMNS: TableColumnsType<LoanRow> = [
  // sorter: true sorts on the server (the key is the sort's name, LOAN_SORTS).
  { title: 'Customer Name', dataIndex: 'customer_name', key: 'customer_name', sorter: true },
  { title: 'National ID', dataIndex: 'national_id', key: 'national_id' },
  { title: 'Phone', dataIndex: 'phone', key: 'phone' },
  { title: 'Product', dataIndex: 'loan_product', key: 'product' },
  moneyColumn<LoanRow>('Principal', 'principal', { sorter: true }),
  moneyColumn<LoanRow>('Total Amount', 'total_amount', { sorter: true }),
  { title: 'Purpose', dataIndex: 'purpose', key: 'purpose' },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: string) => <LoanStatusBadge status={status} />,
  },
];

/** Every loan here awaits disbursement: they differ in product, officer and when approved. */
const FILTERS = { dateLabel: 'Approved' } as const;

/**
 * Pending disbursement (/pending-disbursement, docs/product.md#other-loan-lists): admins disburse an approved loan with its
 * M-Pesa code. Page, sort and filters are kept in the URL.
 */
export default function PendingDisbursementPage() {
  const list = useListPage(useListFilters(FILTERS));
  const result = useGetPendingDisbursementLoansQuery({ page: list.page, filters: list.query });
  const [disburse, { isLoading: disbursing }] = useDisbursePendingLoanMutation();
  const [loan, setLoan] = useState<LoanRow | null>(null);
  const { notification } = App.useApp();
  const mayDisburse = useCan('loans.disburse');
  const confirm = useConfirm();

  const confirmDisburse = async (mpesaCode: string): Promise<void> => {
    if (!loan) return;
    const code = mpesaCode.trim();
    if (!code) {
      window.alert(texts.dialogs.invalidMpesaCode);
      return;
    }
    // Disbursing records money sent to the customer: confirm the loan, the amount and the code.
    confirm({
      title: 'Disburse Loan',
      question: 'Record this disbursement?',
      facts: [
        { label: 'Customer', value: loan.customer_name },
        { label: 'Amount', value: formatKsh(loan.principal) },
        { label: 'M-Pesa Code', value: code },
      ],
      okText: 'Disburse',
      onOk: async () => {
        const result = await disburse({ id: loan.id, mpesaCode: code });
        if ('error' in result) {
          notification.error({
            ...LOAN_TOAST,
            title: decisionFailureText(result.error, texts.auth.notAuthorizedDot),
          });
          return;
        }
        // What the customer types as the paybill account number when repaying by M-Pesa.
        notification.success({
          ...LOAN_TOAST,
          title: result.data.message,
          description: `Paybill account number: ${loan.account_number}`,
        });
        setLoan(null);
      },
    });
  };

  const columns: TableColumnsType<LoanRow> = mayDisburse
    ? [
        ...COLUMNS,
        {
          title: 'Actions',
          key: 'actions',
          render: (_, row) => (
            <Button
              type="primary"
              size="small"
              aria-label={`Disburse the loan of ${row.customer_name}`}
              onClick={() => setLoan(row)}
            >
              Disburse
            </Button>
          ),
        },
      ]
    : COLUMNS;

  return (
    <ListPage<LoanRow>
      title="Pending Disbursement"
      list={list}
      result={result}
      columns={columns}
      empty={{ filtered: 'No loans match the filters.', none: 'No loans are awaiting disbursement.' }}
    >
      {loan ? (
        <DisburseModal
          loan={loan}
          loading={disbursing}
          onConfirm={confirmDisburse}
          onCancel={() => setLoan(null)}
        />
      ) : null}
    </ListPage>
  );
}
