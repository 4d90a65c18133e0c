import { useState } from 'react';
import { liveRefresh } from '@lender/shared/client/live-refresh';
import { useNavigate } from '@lender/shared/client/router';
import { useCan } from '@lender/shared/client/use-can';
import type { LoanRow } from '@lender/shared/contract/loans';
import { apiRoutes, appRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import type { ListPageState } from '@lender/shared/ui/use-list-page';
import { useListQuery } from '@lender/shared/ui/use-list-query';
import { loanListArgs, useLoanListFilters } from '../../../components/list-filters';
import { ACCOUNT_NUMBER_COLUMN, LOAN_ROW_COLUMNS } from '../../../components/loan-columns';
import { useGetLoanListQuery } from '../../../api/loan-lists-api';
import { useLockPhone } from '../../../components/use-lock-phone';
import { RepaymentModal } from '../../../components/repayment-modal';

const LOCK_PENDING_REASON = 'A repayment for this loan is awaiting approval';

/**
 * Active Loans (/loans, docs/product.md#active-loans): one server page at a time, searched by customer name on the
 * server, with Repay, Lock (admins, phones waiting for a lock) and View on each row. Page,
 * search, sort and filters are kept in the URL; the export takes the same.
 */
export default function ActiveLoansPage() {
  const navigate = useNavigate();
  const table = useListQuery(
    useLoanListFilters('active'),
    (list: ListPageState) => ({ list: 'active' as const, ...loanListArgs(list), search: list.search }),
    useGetLoanListQuery,
    liveRefresh,
  );
  const { confirmAndLock, lockingId } = useLockPhone();
  const [repaying, setRepaying] = useState<LoanRow | null>(null);
  const mayLock = useCan('loans.lock');

  const [nameColumn, ...otherColumns] = LOAN_ROW_COLUMNS;
  const columns: TableColumnsType<LoanRow> = [
    // The customer's name stays first (pinned left); the account number follows it.
    ...(nameColumn ? [nameColumn] : []),
    ACCOUNT_NUMBER_COLUMN,
    ...otherColumns,
    actionsColumn<LoanRow>((loan) => [
      {
        text: 'Repay',
        label: `Repay ${loan.customer_name}`,
        primary: true,
        onClick: () => setRepaying(loan),
      },
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
      {
        text: 'View',
        label: `View ${loan.customer_name}`,
        onClick: () => navigate(appRoutes.viewLoan(loan.id)),
      },
    ]),
  ];

  return (
    <ListPage<LoanRow>
      title="Active Loans"
      {...table}
      columns={columns}
      search={{ label: 'Search by customer name' }}
      exportTo={{ path: apiRoutes.exports.loans, params: { list: 'active' } }}
      errorText={texts.errors.loansFetch}
      empty={{
        searched: (search) => `No loans match "${search}".`,
        filtered: 'No loans match the filters.',
        none: 'No active loans.',
      }}
    >
      <RepaymentModal loan={repaying} onClose={() => setRepaying(null)} />
    </ListPage>
  );
}
