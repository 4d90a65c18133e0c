import { useState } from 'react';
import { useCan } from '@lender/shared/client/use-can';
import type { LoanRow } from '@lender/shared/contract/loans';
import { texts } from '@lender/shared/texts';
import { apiRoutes } from '@lender/shared/contract/routes';
import type { BatchDecisionResult } from '@lender/shared/contract/batch-decisions';
import { formatKsh } from '@lender/shared/domain/money';
import { Button, type TableColumnsType } from '@lender/shared/ui/antd';
import {
  BatchResultModal,
  SelectionBar,
  totalKsh,
  type BatchItem,
} from '@lender/shared/ui/batch-decision.tsx';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { moneyColumn } from '@lender/shared/ui/money.tsx';
import { LoanStatusBadge } from '@lender/shared/ui/status-badge.tsx';
import { useRowSelection } from '@lender/shared/ui/row-selection';
import type { ListPageState } from '@lender/shared/ui/use-list-page';
import { useListQuery } from '@lender/shared/ui/use-list-query';
import { useDecisionToast } from '../../../components/decision-failure';
import { loanListArgs, useLoanListFilters } from '../../../components/list-filters';
import { useGetLoanListQuery } from '../../../api/loan-lists-api';
import {
  useDisburseLoansBatchMutation,
  useDisbursePendingLoanMutation,
} from '../api/pending-disbursement-api';
import { BulkDisburseModal } from './bulk-disburse-modal';
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

  const picked = useRowSelection(table.result.data?.data, 'id', {
    label: (row) => `Select the loan of ${row.customer_name}, ${formatKsh(row.principal)}`,
  });
  const [disburseBatch, { isLoading: disbursingBatch }] = useDisburseLoansBatchMutation();
  const [bulk, setBulk] = useState<LoanRow[] | null>(null);
  const [outcome, setOutcome] = useState<{ items: BatchItem[]; results: BatchDecisionResult[] } | null>(null);

  /** The modal names the customer, phone and amount: its Disburse is the confirmation (issue 34). */
  const confirmDisburse = async (mpesaCode: string): Promise<void> => {
    if (!loan) return;
    const code = mpesaCode.trim();
    if (!code) {
      window.alert(texts.dialogs.invalidMpesaCode);
      return;
    }
    const disbursed = toastOutcome(
      await disburse({ id: loan.id, mpesaCode: code }),
      texts.auth.notAuthorizedDot,
      // What the customer types as the paybill account number when repaying by M-Pesa.
      () => `Paybill account number: ${loan.account_number}`,
    );
    if (disbursed) setLoan(null);
  };

  /** The selected loans, each with its own code: each disbursed on its own, the result listed. */
  const confirmBulk = async (items: { id: number; mpesaCode: string }[]): Promise<void> => {
    if (!bulk) return;
    const result = await disburseBatch({ items });
    if (result.error) {
      toastOutcome(result, texts.auth.notAuthorizedDot);
      return;
    }
    picked.clear();
    setBulk(null);
    setOutcome({
      items: bulk.map((row) => ({ id: row.id, name: `${row.customer_name}, ${formatKsh(row.principal)}` })),
      results: result.data.results,
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
      exportTo={{ path: apiRoutes.exports.loans, params: { list: 'pendingDisbursement' } }}
      selection={mayDisburse ? picked.selection : undefined}
      selectionBar={
        <SelectionBar
          count={picked.selected.length}
          noun="loan"
          total={totalKsh(picked.selected.map((row) => row.principal))}
          onClear={picked.clear}
        >
          <Button type="primary" onClick={() => setBulk(picked.selected)}>
            Disburse selected
          </Button>
        </SelectionBar>
      }
    >
      {bulk ? (
        <BulkDisburseModal
          loans={bulk}
          loading={disbursingBatch}
          onConfirm={(items) => void confirmBulk(items)}
          onCancel={() => setBulk(null)}
        />
      ) : null}
      {outcome ? (
        <BatchResultModal
          title="Disbursements"
          verb="disbursed"
          items={outcome.items}
          results={outcome.results}
          onClose={() => setOutcome(null)}
        />
      ) : null}
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
