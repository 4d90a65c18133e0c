import { useCan } from '@lender/shared/client/use-can';
import type { PendingApplicationRow } from '@lender/shared/contract/applications';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { useListQuery } from '@lender/shared/ui/use-list-query';
import { loanListArgs, useListFilters } from '../../../components/list-filters';
import { useGetPendingApplicationsQuery } from '../api/applications-api';
import { useApplicationDecisions } from '../hooks/use-application-decisions';
import { applicationColumns } from './application-columns';
import { ApproveModal, RejectModal } from './decision-modals';

/** The applications differ in product, officer and when submitted. */
const FILTERS = { dateLabel: 'Submitted' } as const;

/** Pending applications (/pending-loans, docs/product.md#applications): admins approve with a disbursed amount or reject with a reason. */
export default function PendingApplicationsPage() {
  const table = useListQuery(useListFilters(FILTERS), loanListArgs, useGetPendingApplicationsQuery);
  const mayDecide = useCan('applications.approve');
  const decisions = useApplicationDecisions();

  const columns: TableColumnsType<PendingApplicationRow> = [
    ...applicationColumns<PendingApplicationRow>((row) => row.created_at, 'Date', 'created_at'),
    ...(mayDecide
      ? [
          actionsColumn<PendingApplicationRow>((row) => [
            {
              text: 'Approve',
              label: `Approve the application of ${row.customer_full_name}`,
              primary: true,
              onClick: () => decisions.startApprove(row),
            },
            {
              text: 'Reject',
              label: `Reject the application of ${row.customer_full_name}`,
              danger: true,
              onClick: () => decisions.startReject(row),
            },
          ]),
        ]
      : []),
  ];

  return (
    <ListPage<PendingApplicationRow>
      title="Pending Loan Applications"
      {...table}
      columns={columns}
      empty={{ filtered: 'No applications match the filters.', none: 'No pending applications.' }}
    >
      {decisions.approveModal ? <ApproveModal {...decisions.approveModal} /> : null}
      {decisions.rejectModal ? <RejectModal {...decisions.rejectModal} /> : null}
    </ListPage>
  );
}
