import { useState, type ComponentType } from 'react';
import { useNavigate } from '@lender/shared/client/router';
import { setChosenCustomer } from '@lender/shared/client/session';
import { useCan } from '@lender/shared/client/use-can';
import { useSeesWholeBook } from '@lender/shared/client/use-sees-whole-book';
import type { Customer } from '@lender/shared/contract/customers';
import { customerList } from '@lender/shared/contract/customer-lists';
import { apiRoutes, appRoutes } from '@lender/shared/contract/routes';
import { formatDay } from '@lender/shared/domain/date-time';
import { texts } from '@lender/shared/texts';
import { Button, type TableColumnsType } from '@lender/shared/ui/antd';
import { AvatarNameCell } from '@lender/shared/ui/avatar-name-cell.tsx';
import { UserAddOutlined } from '@lender/shared/ui/icons';
import { officerFilter, type ListFilter } from '@lender/shared/ui/list-filter-bar.tsx';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { serverSortedColumns } from '@lender/shared/ui/server-sorted-columns';
import { searchedListArgs, useListQuery } from '@lender/shared/ui/use-list-query';
import { useGetCustomersQuery, useGetFilterOfficersQuery } from '../../../api/customers-api';
import type { CustomerDetailsModalProps } from '../../../components/customer-details-modal-props';
import { customerFullName } from '../../../components/customer-name';
import { useDeleteCustomer } from '../hooks/use-delete-customer';

interface CustomersListPageProps {
  /** The View modal, supplied by the page that mounts the list (src/exposes). */
  DetailsModal: ComponentType<CustomerDetailsModalProps>;
}

/**
 * All Customers (/customers, docs/product.md#customer-list): one server page at a time, searched by the server across
 * every page, sorted by name or registration and filtered by officer (admins) and registration
 * days, with Apply, View and (for admins) Delete on each row, and Export of the whole filtered
 * list. Page, search, sort and filters are kept in the URL.
 */
export default function CustomersListPage({ DetailsModal }: CustomersListPageProps) {
  const definition = customerList('customers');
  const navigate = useNavigate();
  // The officer filter is an admin's (an officer's list is their book whatever is asked).
  const officerFiltered = useSeesWholeBook() && definition.filters.officer === true;
  const officers = useGetFilterOfficersQuery(undefined, { skip: !officerFiltered });
  const { date } = definition.filters;
  const filters: ListFilter[] = [
    ...(officerFiltered ? [officerFilter(officers.data, officers.isFetching)] : []),
    ...(date ? [{ kind: 'dateRange', label: date } as const] : []),
  ];
  const table = useListQuery(filters, searchedListArgs, useGetCustomersQuery);
  const { confirmAndDelete, deletingId } = useDeleteCustomer();
  // The server refuses officers anyway (403); the button is simply not offered to them.
  const mayDelete = useCan('customers.delete');
  // Mounted while open and until its closing animation ends (focus then returns to View).
  const [details, setDetails] = useState<{ customerId: number; open: boolean } | null>(null);

  const apply = (customer: Customer) => {
    setChosenCustomer(customer.id);
    navigate(appRoutes.loanApplication);
  };

  // Name and Registered are keyed by their sorts: sortable where the definition takes them.
  const columns: TableColumnsType<Customer> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, customer) => (
        <AvatarNameCell
          src={customer.passport_photo}
          name={customerFullName(customer)}
          detail={customer.occupation}
          link={{ to: appRoutes.customerPage(customer.id), label: `Open ${customerFullName(customer)}` }}
        />
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
      render: (createdAt: string) => formatDay(createdAt),
    },
    actionsColumn<Customer>((customer) => {
      const name = customerFullName(customer);
      return [
        { text: 'Apply', label: `Apply for ${name}`, primary: true, onClick: () => apply(customer) },
        {
          text: 'View',
          label: `View ${name}`,
          onClick: () => setDetails({ customerId: customer.id, open: true }),
        },
        mayDelete && {
          text: 'Delete',
          label: `Delete ${name}`,
          danger: true,
          loading: deletingId === customer.id,
          onClick: () => confirmAndDelete(customer),
        },
      ];
    }),
  ];

  return (
    <ListPage<Customer>
      title={definition.title}
      {...table}
      columns={serverSortedColumns(columns, definition.sorts)}
      filtersLabel="Filter customers"
      search={{ label: 'Search customers', placeholder: 'Search by name, phone or ID number' }}
      actions={
        <Button icon={<UserAddOutlined aria-hidden />} onClick={() => navigate(appRoutes.registerCustomer)}>
          Register Customer
        </Button>
      }
      exportTo={{ path: apiRoutes.exports.customers }}
      errorText={texts.errors.unexpectedTryAgain}
      empty={{
        searched: (search) => `No customers match "${search}".`,
        filtered: 'No customers match these filters.',
        none: definition.empty,
      }}
    >
      {details ? (
        <DetailsModal
          customerId={details.customerId}
          open={details.open}
          onClose={() => setDetails({ ...details, open: false })}
          afterClose={() => setDetails(null)}
        />
      ) : null}
    </ListPage>
  );
}
