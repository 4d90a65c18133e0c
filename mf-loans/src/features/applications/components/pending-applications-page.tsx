import { useCan } from '@lender/shared/client/use-can';
import type { PendingApplicationRow } from '@lender/shared/contract/applications';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { useListPage } from '@lender/shared/ui/use-list-page';
import { useListFilters } from '../../../components/list-filters';
import { useGetPendingApplicationsQuery } from '../api/applications-api';
import { useApplicationDecisions } from '../hooks/use-application-decisions';
import { applicationColumns } from './application-columns';
import { ApproveModal, RejectModal } from './decision-modals';

/** The applications differ in product, officer and when submitted. */
const FILTERS = { dateLabel: 'Submitted' } as const;

/** Pending applications (/pending-loans, docs/product.md#applications): admins approve with a disbursed amount or reject with a reason. */
export default function PendingApplicationsPage() {
  const list = useListPage(useListFilters(FILTERS));
  const result = useGetPendingApplicationsQuery({ page: list.page, filters: list.query });
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
      list={list}
      result={result}
      columns={columns}
      empty={{ filtered: 'No applications match the filters.', none: 'No pending applications.' }}
    >
      {decisions.decision?.kind === 'approve' ? (
        <ApproveModal
          application={decisions.decision.application}
          loading={decisions.approving}
          onConfirm={decisions.confirmApprove}
          onCancel={decisions.close}
        />
      ) : null}
      {decisions.decision?.kind === 'reject' ? (
        <RejectModal
          application={decisions.decision.application}
          loading={decisions.rejecting}
          onConfirm={decisions.confirmReject}
          onCancel={decisions.close}
        />
      ) : null}
    </ListPage>
  );
}
