import { apiErrorBody, httpStatus, type RequestError } from '@lender/shared/client/api-error';
import { liveRefresh } from '@lender/shared/client/live-refresh';
import { useNavigate } from '@lender/shared/client/router';
import type { LoanRow } from '@lender/shared/contract/loans';
import { apiRoutes, appRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import type { ListPageState } from '@lender/shared/ui/use-list-page';
import { useListQuery } from '@lender/shared/ui/use-list-query';
import { loanList, type LoanListName } from '@lender/shared/contract/loan-lists';
import { loanListArgs, useLoanListFilters } from '../../../components/list-filters';
import { loanColumns } from '../../../components/loan-columns';
import { useGetLoanListQuery } from '../../../api/loan-lists-api';

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
 * A loan list of shared/src/contract/loan-lists.ts with the table it names there (docs/product.md#other-loan-lists):
 * its columns, View, Previous/Next, sort, filters and export, all in the URL.
 */
export function LoanListPage({ list }: { list: LoanListName }) {
  const definition = loanList(list);
  const navigate = useNavigate();
  const table = useListQuery(
    useLoanListFilters(list),
    (state: ListPageState) => ({ list, ...loanListArgs(state) }),
    useGetLoanListQuery,
    liveRefresh,
  );

  const columns: TableColumnsType<LoanRow> = [
    ...loanColumns(list),
    actionsColumn<LoanRow>((loan) => [
      {
        text: 'View',
        label: `View ${loan.customer_name}`,
        onClick: () => navigate(appRoutes.viewLoan(loan.id)),
      },
    ]),
  ];

  return (
    <ListPage<LoanRow>
      title={definition.title}
      {...table}
      columns={columns}
      exportTo={{ path: apiRoutes.exports.loans, params: { list } }}
      errorText={loanListErrorText}
      empty={{ filtered: 'No loans match the filters.', none: definition.empty }}
    />
  );
}

/** The page of each list shown by LoanListPage, for the remote's page declarations. */
export const loanListPage = (list: LoanListName) => () => <LoanListPage list={list} />;
