import { useEffect } from 'react';
import { hasErrorField, serverMessage, type RequestError } from '@lender/shared/client/api-error';
import { getStoredUserId } from '@lender/shared/client/session';
import type { Repayment } from '@lender/shared/contract/repayments';
import { texts } from '@lender/shared/texts';
import { App, Button, Flex, type TableColumnsType } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { useCan } from '@lender/shared/client/use-can';
import { formatKsh } from '@lender/shared/domain/money';
import { useConfirm } from '@lender/shared/ui/use-confirm.tsx';
import { SearchBox } from '../../../components/search-box';
import { TOAST } from '../../../components/toast';
import { useListUrlState } from '@lender/shared/ui/use-list-url-state';
import { apiRoutes } from '@lender/shared/contract/routes';
import { ExportButton } from '@lender/shared/ui/export-button.tsx';
import { exportQuery, ListFiltersBar } from '@lender/shared/ui/list-filters-bar.tsx';
import { useGetOfficersQuery } from '../../../api/officers-api';
import {
  REPAYMENT_LIST_FILTERS,
  useApproveRepaymentMutation,
  useGetRepaymentsQuery,
  type RepaymentListKind,
} from '../api/repayments-lists-api';
import { amountColumn, customerColumn, dateColumn, loanStatusColumn, mpesaColumn } from './repayment-columns';

/**
 * What a failed approval says (specification §8): an `error` field means 'You are not
 * authorized', else the server's message, else the unexpected-error text.
 */
export function approveErrorText(error: RequestError): string {
  if (hasErrorField(error)) return texts.auth.notAuthorized;
  return serverMessage(error, texts.errors.unexpectedTryAgain);
}

interface RepaymentListConfig {
  title: string;
  emptyText: string;
  columns: TableColumnsType<Repayment>;
}

export const REPAYMENT_LISTS: Record<RepaymentListKind, RepaymentListConfig> = {
  pending: {
    title: 'Pending Repayments',
    emptyText: 'No pending repayments.',
    columns: [
      customerColumn,
      loanStatusColumn,
      amountColumn,
      mpesaColumn,
      dateColumn('Paid Date', 'paid_date'),
      dateColumn('Due Date', 'due_date'),
      dateColumn('Created At', 'created_at'),
    ],
  },
  approved: {
    title: 'Approved Repayments',
    emptyText: 'No approved repayments.',
    columns: [
      customerColumn,
      amountColumn,
      dateColumn('Payment Date', 'paid_date'),
      mpesaColumn,
      loanStatusColumn,
    ],
  },
  all: {
    title: 'All Repayments',
    emptyText: 'No repayments.',
    columns: [customerColumn, amountColumn, dateColumn('Payment Date', 'paid_date'), mpesaColumn],
  },
};

/** One of the repayment lists of §2.16: search and page in the URL, one server page at a time. */
export function RepaymentListPage({ kind }: { kind: RepaymentListKind }) {
  const config = REPAYMENT_LISTS[kind];
  const { notification } = App.useApp();
  const { page, search, sort, filters, setPage, setSearch, setSort, setFilters, queryArgs } =
    useListUrlState();
  // The officer filter is an admin's (an officer's list is their book whatever is asked).
  const isAdmin = useCan('users.list');
  const query = queryArgs(isAdmin ? REPAYMENT_LIST_FILTERS : REPAYMENT_LIST_FILTERS.slice(1));
  const { data, currentData, error, isFetching, refetch } = useGetRepaymentsQuery({
    kind,
    page,
    search,
    query,
  });
  const officers = useGetOfficersQuery(undefined, { skip: !isAdmin });
  const filtered = Object.keys(query).some((name) => name !== 'sort' && name !== 'order');
  const [approve, { isLoading: approving, originalArgs }] = useApproveRepaymentMutation();
  const mayApprove = useCan('repayments.approve');
  const confirm = useConfirm();

  const lastPage = currentData?.meta.totalPages;
  useEffect(() => {
    if (lastPage && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);

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
      facts: [
        { label: 'Customer', value: repayment.customer_name },
        { label: 'Amount', value: formatKsh(repayment.amount) },
        { label: 'M-Pesa Code', value: repayment.mpesa_code },
      ],
      okText: 'Approve',
      onOk: () => approveRepayment(repayment),
    });

  const columns: TableColumnsType<Repayment> =
    kind === 'pending' && mayApprove
      ? [
          ...config.columns,
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, repayment: Repayment) => (
              <Button
                type="primary"
                size="small"
                aria-label={`Approve the repayment of ${repayment.customer_name}`}
                loading={approving && originalArgs?.id === repayment.id}
                onClick={() => confirmApprove(repayment)}
              >
                Approve
              </Button>
            ),
          },
        ]
      : config.columns;

  return (
    <>
      <PageHeader
        title={config.title}
        extra={
          <Flex wrap gap="small">
            <SearchBox label="Search by customer name or M-Pesa code" search={search} onSearch={setSearch} />
            {kind === 'all' ? null : (
              <ExportButton
                path={`${apiRoutes.exports.repayments}${exportQuery({ list: kind, search, ...query })}`}
              />
            )}
          </Flex>
        }
      />
      <Flex vertical gap="middle">
        <ListFiltersBar
          label={`Filter ${config.title.toLowerCase()}`}
          values={filters}
          onChange={setFilters}
          filters={[
            ...(isAdmin
              ? [
                  {
                    kind: 'select' as const,
                    name: 'officerId',
                    label: 'Officer',
                    placeholder: 'All officers',
                    loading: officers.isFetching,
                    options: (officers.data ?? []).map((officer) => ({
                      value: String(officer.id),
                      label: officer.name,
                    })),
                  },
                ]
              : []),
            {
              kind: 'dateRange',
              from: 'from',
              to: 'to',
              fromLabel: 'Paid from',
              toLabel: 'Paid to',
            },
          ]}
        />
        <PagedTable<Repayment>
          label={config.title}
          columns={columns}
          rows={data?.data}
          rowKey="id"
          loading={isFetching}
          error={error}
          errorText={error ? serverMessage(error, texts.errors.repaymentsListFetch) : undefined}
          onRetry={() => void refetch()}
          page={page}
          totalPages={data?.meta.totalPages}
          totalEstimated={data?.meta.totalEstimated}
          onPageChange={setPage}
          sort={sort}
          onSortChange={setSort}
          emptyText={
            search
              ? `No repayments match "${search}".`
              : filtered
                ? 'No repayments match these filters.'
                : config.emptyText
          }
        />
      </Flex>
    </>
  );
}

export const PendingRepaymentsPage = () => <RepaymentListPage kind="pending" />;
export const ApprovedRepaymentsPage = () => <RepaymentListPage kind="approved" />;
export const AllRepaymentsPage = () => <RepaymentListPage kind="all" />;
