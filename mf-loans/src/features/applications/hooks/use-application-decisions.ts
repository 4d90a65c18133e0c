import { useState } from 'react';
import type { PendingApplicationRow } from '@lender/shared/contract/applications';
import { texts } from '@lender/shared/texts';
import { App } from '@lender/shared/ui/antd';
import { useApproveApplicationMutation, useRejectApplicationMutation } from '../api/applications-api';
import { LOAN_TOAST } from '../../../components/loan-toast';
import { decisionFailureText } from '../../../components/decision-failure';

type Decision = { kind: 'approve' | 'reject'; application: PendingApplicationRow } | null;

/** Approve (with a disbursed amount) and reject (with a reason) of one pending application at a time. */
export function useApplicationDecisions() {
  const [decision, setDecision] = useState<Decision>(null);
  const [approve, { isLoading: approving }] = useApproveApplicationMutation();
  const [reject, { isLoading: rejecting }] = useRejectApplicationMutation();
  const { notification } = App.useApp();

  const close = () => setDecision(null);

  /** An empty or non-positive amount is refused with the browser alert (§5) and nothing is sent. */
  const confirmApprove = async (disbursedAmount: number | null): Promise<void> => {
    if (!decision) return;
    if (disbursedAmount === null || !Number.isFinite(disbursedAmount) || disbursedAmount <= 0) {
      window.alert(texts.dialogs.invalidDisbursedAmount);
      return;
    }
    const result = await approve({ id: decision.application.id, disbursedAmount });
    if ('error' in result) {
      notification.error({
        ...LOAN_TOAST,
        title: decisionFailureText(result.error, texts.auth.notAuthorizedToApprove),
      });
      return;
    }
    notification.success({ ...LOAN_TOAST, title: result.data.message });
    close();
  };

  const confirmReject = async (reason: string): Promise<void> => {
    if (!decision) return;
    const result = await reject({ id: decision.application.id, reason });
    if ('error' in result) {
      notification.error({
        ...LOAN_TOAST,
        title: decisionFailureText(result.error, texts.auth.notAuthorizedToApprove),
      });
      return;
    }
    notification.success({ ...LOAN_TOAST, title: result.data.message });
    close();
  };

  return {
    decision,
    startApprove: (application: PendingApplicationRow) => setDecision({ kind: 'approve', application }),
    startReject: (application: PendingApplicationRow) => setDecision({ kind: 'reject', application }),
    close,
    confirmApprove,
    confirmReject,
    approving,
    rejecting,
  };
}
