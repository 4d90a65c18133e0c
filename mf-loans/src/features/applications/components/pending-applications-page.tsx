import { useCan } from '@lender/shared/client/use-can';
import { APPLICATION_LISTS } from '@lender/shared/contract/application-lists';
import type { PendingApplicationRow } from '@lender/shared/contract/applications';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { useApplicationDecisions } from '../hooks/use-application-decisions';
import { useApplicationList } from '../hooks/use-application-list';
import { applicationColumns } from './application-columns';
import { ApproveModal, RejectModal } from './decision-modals';

const LIST = APPLICATION_LISTS.pending;

/** Pending applications (/pending-loans, docs/product.md#applications): admins approve with a disbursed amount or reject with a reason. */
export default function PendingApplicationsPage() {
  const table = useApplicationList('pending');
  const mayDecide = useCan('applications.approve');
  const decisions = useApplicationDecisions();

  const columns: TableColumnsType<PendingApplicationRow> = [
    ...applicationColumns('pending'),
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
      title={LIST.title}
      {...table}
      columns={columns}
      empty={{ filtered: 'No applications match the filters.', none: LIST.empty }}
    >
      {decisions.approveModal ? <ApproveModal {...decisions.approveModal} /> : null}
      {decisions.rejectModal ? <RejectModal {...decisions.rejectModal} /> : null}
    </ListPage>
  );
}
