import { useEffect, useState, type ComponentType } from 'react';
import { Link, useNavigate } from '@lender/shared/client/router';
import { serverMessage } from '@lender/shared/client/api-error';
import { setChosenCustomer } from '@lender/shared/client/session';
import { useCan } from '@lender/shared/client/use-can';
import type { Customer } from '@lender/shared/contract/customers';
import { appRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import { Button, Flex, Input, Space, Typography, type TableColumnsType } from '@lender/shared/ui/antd';
import { SearchOutlined, UserAddOutlined } from '@lender/shared/ui/icons';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { UserAvatar } from '@lender/shared/ui/user-avatar.tsx';
import { nairobiDay } from '@lender/shared/domain/date-time';
import { apiRoutes } from '@lender/shared/contract/routes';
import { ExportButton } from '@lender/shared/ui/export-button.tsx';
import { exportQuery, ListFiltersBar } from '@lender/shared/ui/list-filters-bar.tsx';
import { CUSTOMER_LIST_FILTERS, useGetCustomersQuery, useGetOfficersQuery } from '../../../api/customers-api';
import type { CustomerDetailsModalProps } from '../../../components/customer-details-modal-props';
import { customerFullName } from '../../../components/customer-name';
import { useDebouncedSearchBox } from '@lender/shared/ui/use-debounced-search-box';
import { useDeleteCustomer } from '../hooks/use-delete-customer';
import { useListUrlState } from '@lender/shared/ui/use-list-url-state';

interface CustomersListPageProps {
  /** The View modal, supplied by the page that mounts the list (src/exposes). */
  DetailsModal: ComponentType<CustomerDetailsModalProps>;
}

/**
 * All Customers (/customers, §2.9): one server page at a time, searched by the server across
 * every page, sorted by name or registration and filtered by officer (admins) and registration
 * days, with Apply, View and (for admins) Delete on each row, and Export of the whole filtered
 * list. Page, search, sort and filters are kept in the URL.
 */
export default function CustomersListPage({ DetailsModal }: CustomersListPageProps) {
  const navigate = useNavigate();
  const { page, search, sort, filters, setPage, setSearch, setSort, setFilters, queryArgs } =
    useListUrlState();
  const searchBox = useDebouncedSearchBox(search, setSearch);
  // The officer filter is an admin's (an officer's list is their book whatever is asked).
  const seesEveryone = useCan('users.list');
  const query = queryArgs(seesEveryone ? CUSTOMER_LIST_FILTERS : CUSTOMER_LIST_FILTERS.slice(1));
  const filtered = Object.keys(query).some((name) => name !== 'sort' && name !== 'order');
  const { data, currentData, error, isFetching, refetch } = useGetCustomersQuery({ page, search, query });
  const officers = useGetOfficersQuery(undefined, { skip: !seesEveryone });
  const { confirmAndDelete, deletingId } = useDeleteCustomer();
  // The server refuses officers anyway (403); the button is simply not offered to them.
  const isAdmin = useCan('customers.delete');
  // Mounted while open and until its closing animation ends (focus then returns to View).
  const [details, setDetails] = useState<{ customerId: number; open: boolean } | null>(null);

  // A page past the end (an old link, or the last customer of the last page deleted): show the last page.
  const lastPage = currentData?.meta.totalPages;
  useEffect(() => {
    if (lastPage && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);

  const apply = (customer: Customer) => {
    setChosenCustomer(customer.id);
    navigate(appRoutes.loanApplication);
  };

  const columns: TableColumnsType<Customer> = [
    {
      title: 'Name',
      key: 'name',
      sorter: true,
      render: (_, customer) => (
        <Flex align="center" gap="small">
          <UserAvatar src={customer.passport_photo} name={customerFullName(customer)} />
          <Flex vertical>
            <Link to={appRoutes.customerPage(customer.id)} aria-label={`Open ${customerFullName(customer)}`}>
              <Typography.Text strong>{customerFullName(customer)}</Typography.Text>
            </Link>
            <Typography.Text type="secondary">{customer.occupation}</Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { title: 'ID Number', dataIndex: 'national_id', key: 'national_id' },
    { title: 'Address', dataIndex: 'address', key: 'address' },
    { title: 'Phone Number', dataIndex: 'phone', key: 'phone' },
    { title: 'Created By', dataIndex: 'created_by_name', key: 'created_by_name' },
    {
      title: 'Registered',
      dataIndex: 'created_at',
      key: 'registered',
      sorter: true,
      render: (createdAt: string) => nairobiDay(createdAt) ?? texts.common.notAvailable,
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, customer) => {
        const name = customerFullName(customer);
        return (
          <Space size="small">
            <Button
              size="small"
              type="primary"
              aria-label={`Apply for ${name}`}
              onClick={() => apply(customer)}
            >
              Apply
            </Button>
            <Button
              size="small"
              aria-label={`View ${name}`}
              onClick={() => setDetails({ customerId: customer.id, open: true })}
            >
              View
            </Button>
            {isAdmin ? (
              <Button
                size="small"
                danger
                aria-label={`Delete ${name}`}
                loading={deletingId === customer.id}
                onClick={() => confirmAndDelete(customer)}
              >
                Delete
              </Button>
            ) : null}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title="All Customers"
        extra={
          // Wraps on a phone instead of widening the page.
          <Flex wrap gap="small">
            <Input
              type="search"
              aria-label="Search customers"
              placeholder="Search by name, phone or ID number"
              prefix={<SearchOutlined aria-hidden />}
              allowClear
              value={searchBox.text}
              onChange={(event) => searchBox.change(event.target.value)}
              onPressEnter={searchBox.applyNow}
              style={{ width: 300, maxWidth: '100%' }}
            />
            <Button
              icon={<UserAddOutlined aria-hidden />}
              onClick={() => navigate(appRoutes.registerCustomer)}
            >
              Register Customer
            </Button>
            <ExportButton path={`${apiRoutes.exports.customers}${exportQuery({ search, ...query })}`} />
          </Flex>
        }
      />
      <Flex vertical gap="middle">
        <ListFiltersBar
          label="Filter customers"
          values={filters}
          onChange={setFilters}
          filters={[
            ...(seesEveryone
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
              fromLabel: 'Registered from',
              toLabel: 'Registered to',
            },
          ]}
        />
        <PagedTable<Customer>
          label="All Customers"
          columns={columns}
          rows={data?.data}
          rowKey="id"
          loading={isFetching}
          error={error}
          errorText={error ? serverMessage(error, texts.errors.unexpectedTryAgain) : undefined}
          onRetry={() => void refetch()}
          page={page}
          totalPages={data?.meta.totalPages}
          totalEstimated={data?.meta.totalEstimated}
          onPageChange={setPage}
          sort={sort}
          onSortChange={setSort}
          emptyText={
            search
              ? `No customers match "${search}".`
              : filtered
                ? 'No customers match these filters.'
                : 'No customers registered yet.'
          }
        />
      </Flex>
      {details ? (
        <DetailsModal
          customerId={details.customerId}
          open={details.open}
          onClose={() => setDetails({ ...details, open: false })}
          afterClose={() => setDetails(null)}
        />
      ) : null}
    </>
  );
}
