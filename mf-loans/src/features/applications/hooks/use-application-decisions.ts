import { useState } from 'react';
import type { PendingApplicationRow } from '@lender/shared/contract/applications';
import { texts } from '@lender/shared/texts';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { useApproveApplicationMutation, useRejectApplicationMutation } from '../api/applications-api';
import { useDecisionToast } from '../../../components/decision-failure';

type DecisionKind = 'approve' | 'reject';
type Decision = { kind: DecisionKind; application: PendingApplicationRow } | null;

/** Approve (with a disbursed amount) and reject (with a reason) of one pending application at a time. */
export function useApplicationDecisions() {
  const [decision, setDecision] = useState<Decision>(null);
  const [approve, { isLoading: approving }] = useApproveApplicationMutation();
  const [reject, { isLoading: rejecting }] = useRejectApplicationMutation();
  const toastOutcome = useDecisionToast();

  const close = () => setDecision(null);

  /**
   * The modal shows the customer, phone and amount, so its Approve is the confirmation (issue 34):
   * nothing asks a second time. An empty or non-positive amount is refused with the browser alert
   * (docs/product.md#form-checks) and nothing is sent.
   */
  const confirmApprove = async (disbursedAmount: number | null): Promise<void> => {
    if (!decision) return;
    if (disbursedAmount === null || !Number.isFinite(disbursedAmount) || disbursedAmount <= 0) {
      window.alert(texts.dialogs.invalidDisbursedAmount);
      return;
    }
    const approved = toastOutcome(
      await approve({ id: decision.application.id, disbursedAmount }),
      texts.auth.notAuthorizedToApprove,
      // The new loan's paybill account number: what the customer types when paying by M-Pesa.
      (data) => `Paybill account number: ${encodeAccountNumber(data.loan_id)}`,
    );
    if (approved) close();
  };

  /** Reject with the reason typed in the modal, which names the application: its Reject is the confirmation. */
  const confirmReject = async (reason: string): Promise<void> => {
    if (!decision) return;
    const rejected = toastOutcome(
      await reject({ id: decision.application.id, reason }),
      texts.auth.notAuthorizedToApprove,
    );
    if (rejected) close();
  };

  /** The props of the decision's modal while one of `kind` is open, else null. */
  const modalOf = <Value>(
    kind: DecisionKind,
    loading: boolean,
    onConfirm: (value: Value) => Promise<void>,
  ) =>
    decision?.kind === kind
      ? { application: decision.application, loading, onConfirm, onCancel: close }
      : null;

  return {
    startApprove: (application: PendingApplicationRow) => setDecision({ kind: 'approve', application }),
    startReject: (application: PendingApplicationRow) => setDecision({ kind: 'reject', application }),
    approveModal: modalOf('approve', approving, confirmApprove),
    rejectModal: modalOf('reject', rejecting, confirmReject),
  };
}
