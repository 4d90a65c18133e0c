import { useState } from 'react';
import { apiErrorBody, httpStatus, type RequestError } from '@lender/shared/client/api-error';
import { liveRefresh } from '@lender/shared/client/live-refresh';
import { useNavigate } from '@lender/shared/client/router';
import { useCan } from '@lender/shared/client/use-can';
import type { LoanRow } from '@lender/shared/contract/loans';
import { apiRoutes, appRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn, type RowActionList } from '@lender/shared/ui/row-actions.tsx';
import type { ListPageState } from '@lender/shared/ui/use-list-page';
import { useListQuery } from '@lender/shared/ui/use-list-query';
import { loanList, type LoanListName, type LoanRowAction } from '@lender/shared/contract/loan-lists';
import { loanListArgs, useLoanListFilters } from '../../../components/list-filters';
import { loanColumnChoice, loanColumns } from '../../../components/loan-columns';
import { useGetLoanListQuery } from '../../../api/loan-lists-api';
import { LOCK_PENDING_REASON, useLockPhone } from '../../../components/use-lock-phone';
import { RepaymentModal } from '../../../components/repayment-modal';
import { AddNoteModal } from '../../../components/add-note-modal';

/**
 * What a failed list says (docs/product.md#messages): the server's message, else 'Failed to fetch
 * loans.' when the server answered without one, else (no answer at all) the unexpected-error text.
 */
export function loanListErrorText(error: RequestError): string {
  const body = apiErrorBody(error);
  const message = body?.errors?.[0]?.msg ?? body?.message;
  if (message) return message;
  if (httpStatus(error) !== null) return texts.errors.loansFetch;
  return texts.errors.unexpected;
}

/**
 * Every loan list of shared/src/contract/loan-lists.ts (docs/product.md#active-loans,
 * #other-loan-lists): its columns (those a person may hide in the column chooser, remembered per
 * list), fitted to the page's width; the row actions its definition names (Repay, Add note or
 * promise, Lock for admins while the phone waits, View); the search by name or account number;
 * Previous/Next, sort, filters and export, all in the URL.
 */
export function LoanListPage({ list }: { list: LoanListName }) {
  const definition = loanList(list);
  const navigate = useNavigate();
  const table = useListQuery(
    useLoanListFilters(list),
    (state: ListPageState) => ({ list, ...loanListArgs(state), search: state.search }),
    useGetLoanListQuery,
    liveRefresh,
  );
  const { confirmAndLock, lockingId } = useLockPhone();
  const [repaying, setRepaying] = useState<LoanRow | null>(null);
  const [noting, setNoting] = useState<LoanRow | null>(null);
  const mayLock = useCan('loans.lock');
  const offered = new Set<LoanRowAction>(definition.actions ?? ['view']);

  const actionsOf = (loan: LoanRow): RowActionList => [
    offered.has('repay') &&
      loan.status !== 'paid' && {
        text: 'Repay',
        label: `Repay ${loan.customer_name}`,
        primary: true,
        onClick: () => setRepaying(loan),
      },
    offered.has('note') && {
      text: 'Note',
      label: `Add note for ${loan.customer_name}`,
      onClick: () => setNoting(loan),
    },
    offered.has('lock') &&
      mayLock &&
      loan.device_status === 'waiting' && {
        text: 'Lock',
        label: `Lock ${loan.customer_name}`,
        danger: true,
        // The server refuses a lock while a repayment awaits approval: say why beforehand.
        disabledReason: loan.repayment_pending ? LOCK_PENDING_REASON : undefined,
        loading: lockingId === loan.id,
        onClick: () => confirmAndLock(loan),
      },
    offered.has('view') && {
      text: 'View',
      label: `View ${loan.customer_name}`,
      onClick: () => navigate(appRoutes.viewLoan(loan.id)),
    },
  ];

  const columns: TableColumnsType<LoanRow> = [...loanColumns(list), actionsColumn<LoanRow>(actionsOf)];

  return (
    <ListPage<LoanRow>
      title={definition.title}
      {...table}
      columns={columns}
      columnChoice={loanColumnChoice(list)}
      fitWidth
      search={{ label: 'Search by name or account number' }}
      exportTo={{ path: apiRoutes.exports.loans, params: { list } }}
      errorText={loanListErrorText}
      empty={{
        searched: (search) => `No loans match "${search}".`,
        filtered: 'No loans match the filters.',
        none: definition.empty,
      }}
    >
      {offered.has('repay') ? <RepaymentModal loan={repaying} onClose={() => setRepaying(null)} /> : null}
      {offered.has('note') && noting ? (
        <AddNoteModal loanId={noting.id} open onClose={() => setNoting(null)} />
      ) : null}
    </ListPage>
  );
}

/** The page of each list shown by LoanListPage, for the remote's page declarations. */
export const loanListPage = (list: LoanListName) => () => <LoanListPage list={list} />;
