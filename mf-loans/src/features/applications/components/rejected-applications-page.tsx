import type { RejectedApplicationRow } from '@lender/shared/contract/applications';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { useListQuery } from '@lender/shared/ui/use-list-query';
import { loanListArgs, useListFilters } from '../../../components/list-filters';
import { useGetRejectedApplicationsQuery } from '../api/applications-api';
import { applicationColumns } from './application-columns';

/** The rejected applications differ in product, officer and when rejected. */
const FILTERS = { dateLabel: 'Rejected' } as const;

const COLUMNS: TableColumnsType<RejectedApplicationRow> = [
  ...applicationColumns<RejectedApplicationRow>((row) => row.rejected_at, 'Rejected On', 'rejected_at'),
  { title: 'Occupation', dataIndex: 'occupation', key: 'occupation' },
  { title: 'Address', dataIndex: 'address', key: 'address' },
  {
    title: 'Rejection Reason',
    dataIndex: 'rejection_reason',
    key: 'rejection_reason',
    render: (reason: string) => reason || '—',
  },
];

/**
 * Rejected applications (/rejected-loans, docs/product.md#applications): read-only, one server page at a time (the list
 * only grows), most recently rejected first, with the page, sort and filters in the URL.
 */
export default function RejectedApplicationsPage() {
  const table = useListQuery(useListFilters(FILTERS), loanListArgs, useGetRejectedApplicationsQuery);

  return (
    <ListPage<RejectedApplicationRow>
      title="Rejected Loan Applications"
      {...table}
      columns={COLUMNS}
      empty={{ filtered: 'No applications match the filters.', none: 'No rejected applications.' }}
    />
  );
}
