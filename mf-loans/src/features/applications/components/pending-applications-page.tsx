import { useState } from 'react';
import { useCan } from '@lender/shared/client/use-can';
import type { PendingApplicationRow } from '@lender/shared/contract/applications';
import { Button, Flex, type TableColumnsType } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { useGetPendingApplicationsQuery } from '../api/applications-api';
import { useApplicationDecisions } from '../hooks/use-application-decisions';
import { applicationColumns } from './application-columns';
import { ApproveModal, RejectModal } from './decision-modals';

/** Pending applications (/pending-loans, §2.13): admins approve with a disbursed amount or reject with a reason. */
export default function PendingApplicationsPage() {
  const [page, setPage] = useState(1);
  const { data, error, isFetching, refetch } = useGetPendingApplicationsQuery({ page });
  const mayDecide = useCan('applications.approve');
  const decisions = useApplicationDecisions();

  const columns: TableColumnsType<PendingApplicationRow> = [
    ...applicationColumns<PendingApplicationRow>((row) => row.created_at, 'Date'),
    ...(mayDecide
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row: PendingApplicationRow) => (
              <Flex gap="small">
                <Button
                  type="primary"
                  size="small"
                  aria-label={`Approve the application of ${row.customer_full_name}`}
                  onClick={() => decisions.startApprove(row)}
                >
                  Approve
                </Button>
                <Button
                  danger
                  size="small"
                  aria-label={`Reject the application of ${row.customer_full_name}`}
                  onClick={() => decisions.startReject(row)}
                >
                  Reject
                </Button>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader title="Pending Loan Applications" />
      <Flex vertical gap="middle">
        <PagedTable<PendingApplicationRow>
          label="Pending Loan Applications"
          columns={columns}
          rows={data?.data}
          rowKey="id"
          loading={isFetching}
          error={error}
          onRetry={() => void refetch()}
          page={page}
          totalPages={data?.meta.totalPages}
          totalEstimated={data?.meta.totalEstimated}
          onPageChange={setPage}
          emptyText="No pending applications."
        />
      </Flex>
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
    </>
  );
}
