import { useState } from 'react';
import { useCan } from '@lender/shared/client/use-can';
import type { BatchDecisionResult } from '@lender/shared/contract/batch-decisions';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { apiRoutes } from '@lender/shared/contract/routes';
import { APPLICATION_LISTS } from '@lender/shared/contract/application-lists';
import type { PendingApplicationRow } from '@lender/shared/contract/applications';
import { Button, type TableColumnsType } from '@lender/shared/ui/antd';
import {
  BatchResultModal,
  countOf,
  SelectionBar,
  totalKsh,
  type BatchItem,
} from '@lender/shared/ui/batch-decision.tsx';
import { useRowSelection } from '@lender/shared/ui/row-selection';
import { useConfirm } from '@lender/shared/ui/use-confirm.tsx';
import { useDecisionToast } from '../../../components/decision-failure';
import { useApproveApplicationsBatchMutation } from '../api/applications-api';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { useApplicationDecisions } from '../hooks/use-application-decisions';
import { useApplicationList } from '../hooks/use-application-list';
import { applicationColumns } from './application-columns';
import { ApproveModal, RejectModal } from './decision-modals';

const LIST = APPLICATION_LISTS.pending;

/**
 * Pending applications (/pending-loans, docs/product.md#applications): admins approve with a
 * disbursed amount or reject with a reason, or select applications and approve them together at
 * the amounts applied for.
 */
export default function PendingApplicationsPage() {
  const table = useApplicationList('pending');
  const mayDecide = useCan('applications.approve');
  const decisions = useApplicationDecisions();
  const confirm = useConfirm();
  const toastOutcome = useDecisionToast();
  const picked = useRowSelection(table.result.data?.data, 'id', {
    label: (row) => `Select the application of ${row.customer_full_name}, ${formatKsh(row.amount)}`,
  });
  const [approveBatch, { isLoading: approvingBatch }] = useApproveApplicationsBatchMutation();
  const [outcome, setOutcome] = useState<{ items: BatchItem[]; results: BatchDecisionResult[] } | null>(null);

  // One confirmation for the selected applications, each approved at the amount applied for (a
  // different amount is the row's own Approve); the result lists any refused, with the reason.
  const confirmApproveSelected = () => {
    const chosen = picked.selected;
    const count = countOf(chosen.length, 'application');
    const total = totalKsh(chosen.map((row) => row.amount));
    confirm({
      title: `Approve ${count}`,
      question: `Approve ${count} at the amounts applied for, totalling ${total}? Each creates its loan, pending disbursement; any that cannot be approved is listed with the reason.`,
      facts: [
        { label: 'Applications', value: chosen.length },
        { label: 'Total', value: total },
      ],
      okText: 'Approve',
      onOk: async () => {
        const result = await approveBatch({ ids: chosen.map((row) => row.id) });
        if (result.error) {
          toastOutcome(result, texts.auth.notAuthorizedToApprove);
          return;
        }
        picked.clear();
        setOutcome({
          items: chosen.map((row) => ({
            id: row.id,
            name: `${row.customer_full_name}, ${formatKsh(row.amount)}`,
          })),
          results: result.data.results,
        });
      },
    });
  };

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
      exportTo={{ path: apiRoutes.exports.applications, params: { list: 'pending' } }}
      selection={mayDecide ? picked.selection : undefined}
      selectionBar={
        <SelectionBar
          count={picked.selected.length}
          noun="application"
          total={totalKsh(picked.selected.map((row) => row.amount))}
          onClear={picked.clear}
        >
          <Button type="primary" loading={approvingBatch} onClick={confirmApproveSelected}>
            Approve selected
          </Button>
        </SelectionBar>
      }
    >
      {outcome ? (
        <BatchResultModal
          title="Application approvals"
          verb="approved"
          items={outcome.items}
          results={outcome.results}
          onClose={() => setOutcome(null)}
        />
      ) : null}
      {decisions.approveModal ? <ApproveModal {...decisions.approveModal} /> : null}
      {decisions.rejectModal ? <RejectModal {...decisions.rejectModal} /> : null}
    </ListPage>
  );
}
