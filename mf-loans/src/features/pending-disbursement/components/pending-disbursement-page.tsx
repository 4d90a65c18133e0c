import { useState } from 'react';
import { useCan } from '@lender/shared/client/use-can';
import type { LoanRow } from '@lender/shared/contract/loans';
import { texts } from '@lender/shared/texts';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { moneyColumn } from '@lender/shared/ui/money.tsx';
import { LoanStatusBadge } from '@lender/shared/ui/status-badge.tsx';
import { paymentFacts } from '@lender/shared/ui/payment-facts';
import { useConfirm } from '@lender/shared/ui/use-confirm.tsx';
import type { ListPageState } from '@lender/shared/ui/use-list-page';
import { useListQuery } from '@lender/shared/ui/use-list-query';
import { useDecisionToast } from '../../../components/decision-failure';
import { loanListArgs, useLoanListFilters } from '../../../components/list-filters';
import { useGetLoanListQuery } from '../../../api/loan-lists-api';
import { useDisbursePendingLoanMutation } from '../api/pending-disbursement-api';
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

/**
 * Pending disbursement (/pending-disbursement, docs/product.md#other-loan-lists): admins disburse an approved loan with its
 * M-Pesa code. Page, sort and filters are kept in the URL.
 */
export default function PendingDisbursementPage() {
  const table = useListQuery(
    useLoanListFilters('pendingDisbursement'),
    (list: ListPageState) => ({ list: 'pendingDisbursement' as const, ...loanListArgs(list) }),
    useGetLoanListQuery,
  );
  const [disburse, { isLoading: disbursing }] = useDisbursePendingLoanMutation();
  const [loan, setLoan] = useState<LoanRow | null>(null);
  const toastOutcome = useDecisionToast();
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
      facts: paymentFacts({ customer: loan.customer_name, amount: loan.principal, mpesaCode: code }),
      okText: 'Disburse',
      onOk: async () => {
        const disbursed = toastOutcome(
          await disburse({ id: loan.id, mpesaCode: code }),
          texts.auth.notAuthorizedDot,
          // What the customer types as the paybill account number when repaying by M-Pesa.
          () => `Paybill account number: ${loan.account_number}`,
        );
        if (disbursed) setLoan(null);
      },
    });
  };

  const columns: TableColumnsType<LoanRow> = mayDisburse
    ? [
        ...COLUMNS,
        actionsColumn<LoanRow>((row) => [
          {
            text: 'Disburse',
            label: `Disburse the loan of ${row.customer_name}`,
            primary: true,
            onClick: () => setLoan(row),
          },
        ]),
      ]
    : COLUMNS;

  return (
    <ListPage<LoanRow>
      title="Pending Disbursement"
      {...table}
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
