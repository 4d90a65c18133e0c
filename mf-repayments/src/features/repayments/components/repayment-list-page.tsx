import { useState } from 'react';
import { liveRefresh } from '@lender/shared/client/live-refresh';
import { hasErrorField, serverMessage, type RequestError } from '@lender/shared/client/api-error';
import { getStoredUserId } from '@lender/shared/client/session';
import { useCan } from '@lender/shared/client/use-can';
import { useSeesWholeBook } from '@lender/shared/client/use-sees-whole-book';
import type { BatchDecisionResult } from '@lender/shared/contract/batch-decisions';
import type { Repayment } from '@lender/shared/contract/repayments';
import { formatKsh } from '@lender/shared/domain/money';
import { repaymentList, type RepaymentListName } from '@lender/shared/contract/repayment-lists';
import { apiRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import { App, Button, type TableColumnsType } from '@lender/shared/ui/antd';
import {
  BatchResultModal,
  countOf,
  SelectionBar,
  totalKsh,
  type BatchItem,
} from '@lender/shared/ui/batch-decision.tsx';
import { officerFilter, productFilter, type ListFilter } from '@lender/shared/ui/list-filter-bar.tsx';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { paymentFacts } from '@lender/shared/ui/payment-facts';
import { useRowSelection } from '@lender/shared/ui/row-selection';
import { useConfirm } from '@lender/shared/ui/use-confirm.tsx';
import type { ListPageState } from '@lender/shared/ui/use-list-page';
import { searchedListArgs, useListQuery } from '@lender/shared/ui/use-list-query';
import { useGetFilterOfficersQuery, useGetFilterProductsQuery } from '../../../api/filter-options-api';
import { TOAST } from '../../../components/toast';
import {
  useApproveRepaymentMutation,
  useApproveRepaymentsBatchMutation,
  useGetRepaymentListQuery,
} from '../api/repayments-lists-api';
import { repaymentColumns } from './repayment-columns';
import { RejectRepaymentModal } from './reject-repayment-modal';

/**
 * What a failed approval says (docs/product.md#messages): an `error` field means 'You are not
 * authorized', else the server's message, else the unexpected-error text.
 */
export function approveErrorText(error: RequestError): string {
  if (hasErrorField(error)) return texts.auth.notAuthorized;
  return serverMessage(error, texts.errors.unexpectedTryAgain);
}

/**
 * A repayment list of shared/src/contract/repayment-lists.ts (docs/product.md#repayment-lists) with
 * the table, filters and export it names there: search and page in the URL, one server page at a time.
 */
export function RepaymentListPage({ list }: { list: RepaymentListName }) {
  const definition = repaymentList(list);
  const { notification } = App.useApp();
  // The officer filter is an admin's (an officer's list is their book whatever is asked).
  const seesWholeBook = useSeesWholeBook();
  const products = useGetFilterProductsQuery();
  const officers = useGetFilterOfficersQuery(undefined, { skip: !seesWholeBook });
  const { product, officer, date } = definition.filters;
  const filters: ListFilter[] = [];
  if (product) filters.push(productFilter(products.data, products.isFetching));
  if (officer && seesWholeBook) filters.push(officerFilter(officers.data, officers.isFetching));
  if (date) filters.push({ kind: 'dateRange', label: date });
  const table = useListQuery(
    filters,
    (state: ListPageState) => ({ list, ...searchedListArgs(state) }),
    useGetRepaymentListQuery,
    // Officers record repayments all day: an admin's open list keeps up with them.
    liveRefresh,
  );
  const [approve, { isLoading: approving, originalArgs }] = useApproveRepaymentMutation();
  const mayApprove = useCan('repayments.approve');
  const mayReject = useCan('repayments.reject');
  const [rejecting, setRejecting] = useState<Repayment | null>(null);
  const confirm = useConfirm();
  const batchable = definition.approvable && mayApprove;
  const picked = useRowSelection(table.result.data?.data, 'id', {
    label: (repayment) =>
      `Select the repayment of ${repayment.customer_name}, ${formatKsh(repayment.amount)}`,
  });
  const [approveBatch, { isLoading: approvingBatch }] = useApproveRepaymentsBatchMutation();
  const [outcome, setOutcome] = useState<{ items: BatchItem[]; results: BatchDecisionResult[] } | null>(null);

  const approveRepayment = async (repayment: Repayment) => {
    const result = await approve({
      id: repayment.id,
      body: {
        loanId: repayment.loan_id,
        amount: repayment.amount,
        status: 'paid',
        mpesaCode: repayment.mpesa_code,
        customerId: repayment.customer_id,
        initiatedBy: getStoredUserId() ?? undefined,
      },
    });
    if (result.error) notification.error({ ...TOAST, title: approveErrorText(result.error) });
    else notification.success({ ...TOAST, title: texts.success.repaymentApproved });
  };

  // Approving counts the money against the loan and may unlock the phone: confirm it first.
  const confirmApprove = (repayment: Repayment) =>
    confirm({
      title: 'Approve Repayment',
      question: 'Approve this repayment?',
      facts: paymentFacts({
        customer: repayment.customer_name,
        amount: repayment.amount,
        mpesaCode: repayment.mpesa_code,
      }),
      okText: 'Approve',
      onOk: () => approveRepayment(repayment),
    });

  // One confirmation for the selected repayments, naming how many and their total; the server
  // decides each on its own and the result dialog lists any it refused, with the reason.
  const confirmApproveSelected = () => {
    const chosen = picked.selected;
    const count = countOf(chosen.length, 'repayment');
    const total = totalKsh(chosen.map((repayment) => repayment.amount));
    confirm({
      title: `Approve ${count}`,
      question: `Approve ${count} totalling ${total}? Each is approved on its own; any that cannot be is listed with the reason.`,
      facts: [
        { label: 'Repayments', value: chosen.length },
        { label: 'Total', value: total },
      ],
      okText: 'Approve',
      onOk: async () => {
        const result = await approveBatch({ ids: chosen.map((repayment) => repayment.id) });
        if (result.error) {
          notification.error({ ...TOAST, title: approveErrorText(result.error) });
          return;
        }
        picked.clear();
        setOutcome({
          items: chosen.map((repayment) => ({
            id: repayment.id,
            name: `${repayment.customer_name}, ${formatKsh(repayment.amount)}`,
          })),
          results: result.data.results,
        });
      },
    });
  };

  const listColumns = repaymentColumns(list);
  const columns: TableColumnsType<Repayment> =
    definition.approvable && (mayApprove || mayReject)
      ? [
          ...listColumns,
          actionsColumn<Repayment>((repayment) => [
            mayApprove && {
              text: 'Approve',
              label: `Approve the repayment of ${repayment.customer_name}`,
              primary: true,
              loading: approving && originalArgs?.id === repayment.id,
              onClick: () => confirmApprove(repayment),
            },
            mayReject && {
              text: 'Reject',
              label: `Reject the repayment of ${repayment.customer_name}`,
              danger: true,
              onClick: () => setRejecting(repayment),
            },
          ]),
        ]
      : listColumns;

  return (
    <ListPage<Repayment>
      title={definition.title}
      {...table}
      columns={columns}
      filtersLabel={`Filter ${definition.title.toLowerCase()}`}
      search={{ label: 'Search by customer name or M-Pesa code' }}
      exportTo={definition.exported ? { path: apiRoutes.exports.repayments, params: { list } } : undefined}
      errorText={texts.errors.repaymentsListFetch}
      empty={{
        searched: (search) => `No repayments match "${search}".`,
        filtered: 'No repayments match these filters.',
        none: definition.empty,
      }}
      selection={batchable ? picked.selection : undefined}
      selectionBar={
        <SelectionBar
          count={picked.selected.length}
          noun="repayment"
          total={totalKsh(picked.selected.map((repayment) => repayment.amount))}
          onClear={picked.clear}
        >
          <Button type="primary" loading={approvingBatch} onClick={confirmApproveSelected}>
            Approve selected
          </Button>
        </SelectionBar>
      }
    >
      <RejectRepaymentModal repayment={rejecting} onClose={() => setRejecting(null)} />
      {outcome ? (
        <BatchResultModal
          title="Repayment approvals"
          verb="approved"
          items={outcome.items}
          results={outcome.results}
          onClose={() => setOutcome(null)}
        />
      ) : null}
    </ListPage>
  );
}

/** The page of each list shown by RepaymentListPage, for the remote's page declarations. */
export const repaymentListPage = (list: RepaymentListName) => () => <RepaymentListPage list={list} />;
