import { useEffect, useState } from 'react';
import { apiRoutes } from '@lender/shared/contract/routes';
import { ExportButton } from '@lender/shared/ui/export-button.tsx';
import { liveRefresh } from '@lender/shared/client/live-refresh';
import { useNavigate } from '@lender/shared/client/router';
import { serverMessage } from '@lender/shared/client/api-error';
import { LOAN_LIST_FILTERS, type LoanRow } from '@lender/shared/contract/loans';
import { appRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import { Button, Flex, Input, Space, Tooltip, type TableColumnsType } from '@lender/shared/ui/antd';
import { SearchOutlined } from '@lender/shared/ui/icons';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { ListFilterBar } from '@lender/shared/ui/list-filter-bar.tsx';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { ACCOUNT_NUMBER_COLUMN, LOAN_ROW_COLUMNS } from '../../../components/loan-columns';
import { useListFilters } from '../../../components/list-filters';
import { useCan } from '@lender/shared/client/use-can';
import { useListUrlState } from '@lender/shared/ui/use-list-url-state';
import { useGetActiveLoansQuery } from '../api/active-loans-api';
import { useDebouncedSearchBox } from '@lender/shared/ui/use-debounced-search-box';
import { useLockPhone } from '../hooks/use-lock-phone';
import { RepaymentModal } from './repayment-modal';

const LOCK_PENDING_REASON = 'A repayment for this loan is awaiting approval';

/** The active list's rows differ in status and device state (paid loans are not in it). */
const FILTERS = {
  statuses: ['active', 'partially_paid', 'overdue', 'defaulted', 'repossessed'],
  devices: ['active', 'waiting', 'locked', 'repossessed'],
  dateLabel: 'Disbursed',
} as const;

/**
 * Active Loans (/loans, §2.12): one server page at a time, searched by customer name on the
 * server, with Repay, Lock (admins, phones waiting for a lock) and View on each row. Page,
 * search, sort and filters are kept in the URL; the export takes the same.
 */
export default function ActiveLoansPage() {
  const navigate = useNavigate();
  const { page, search, sort, filters, setPage, setSearch, setSort, setFilters, queryArgs } =
    useListUrlState();
  const searchBox = useDebouncedSearchBox(search, setSearch);
  const listFilters = useListFilters(FILTERS);
  const args = queryArgs(LOAN_LIST_FILTERS);
  const { data, currentData, error, isFetching, refetch } = useGetActiveLoansQuery(
    { page, search, filters: args },
    liveRefresh,
  );
  const { confirmAndLock, lockingId } = useLockPhone();
  const [repaying, setRepaying] = useState<LoanRow | null>(null);
  const mayLock = useCan('loans.lock');

  // A page past the end (an old link, a loan that was cleared): show the last page.
  const lastPage = currentData?.meta.totalPages;
  useEffect(() => {
    if (lastPage && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);

  const [nameColumn, ...otherColumns] = LOAN_ROW_COLUMNS;
  const columns: TableColumnsType<LoanRow> = [
    // The customer's name stays first (pinned left); the account number follows it.
    ...(nameColumn ? [nameColumn] : []),
    ACCOUNT_NUMBER_COLUMN,
    ...otherColumns,
    {
      title: 'Actions',
      key: 'actions',
      render: (_, loan) => (
        <Space size="small">
          <Button
            size="small"
            type="primary"
            aria-label={`Repay ${loan.customer_name}`}
            onClick={() => setRepaying(loan)}
          >
            Repay
          </Button>
          {mayLock && loan.device_status === 'waiting' ? (
            // The server refuses a lock while a repayment awaits approval: say why beforehand.
            // A disabled button gets no mouse events: the span carries the tooltip.
            <Tooltip title={loan.repayment_pending ? LOCK_PENDING_REASON : undefined}>
              <span style={{ display: 'inline-block' }}>
                <Button
                  size="small"
                  danger
                  aria-label={`Lock ${loan.customer_name}`}
                  aria-description={loan.repayment_pending ? LOCK_PENDING_REASON : undefined}
                  disabled={loan.repayment_pending}
                  loading={lockingId === loan.id}
                  onClick={() => confirmAndLock(loan)}
                >
                  Lock
                </Button>
              </span>
            </Tooltip>
          ) : null}
          <Button
            size="small"
            aria-label={`View ${loan.customer_name}`}
            onClick={() => navigate(appRoutes.viewLoan(loan.id))}
          >
            View
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Active Loans"
        extra={[
          <ExportButton
            key="export"
            path={`${apiRoutes.exports.loans}?${new URLSearchParams({ list: 'active', ...(search ? { search } : {}), ...args }).toString()}`}
          />,
          <Input
            key="search"
            type="search"
            aria-label="Search by customer name"
            placeholder="Search by customer name"
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            value={searchBox.text}
            onChange={(event) => searchBox.change(event.target.value)}
            onPressEnter={searchBox.applyNow}
            style={{ width: 300 }}
          />,
        ]}
      />
      <Flex vertical gap="middle">
        <ListFilterBar filters={listFilters} values={filters} onChange={setFilters} />
        <PagedTable<LoanRow>
          label="Active Loans"
          columns={columns}
          rows={data?.data}
          rowKey="id"
          loading={isFetching}
          error={error}
          errorText={error ? serverMessage(error, texts.errors.loansFetch) : undefined}
          onRetry={() => void refetch()}
          page={page}
          totalPages={data?.meta.totalPages}
          totalEstimated={data?.meta.totalEstimated}
          onPageChange={setPage}
          sort={sort}
          onSortChange={setSort}
          emptyText={
            search
              ? `No loans match "${search}".`
              : LOAN_LIST_FILTERS.some((name) => filters[name])
                ? 'No loans match the filters.'
                : 'No active loans.'
          }
        />
      </Flex>
      <RepaymentModal loan={repaying} onClose={() => setRepaying(null)} />
    </>
  );
}
