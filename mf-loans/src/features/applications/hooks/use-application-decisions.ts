import { useState } from 'react';
import type { PendingApplicationRow } from '@lender/shared/contract/applications';
import { texts } from '@lender/shared/texts';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { formatKsh } from '@lender/shared/domain/money';
import { paymentFacts } from '@lender/shared/ui/payment-facts';
import { useConfirm } from '@lender/shared/ui/use-confirm.tsx';
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
  const confirm = useConfirm();

  const close = () => setDecision(null);

  /** An empty or non-positive amount is refused with the browser alert (docs/product.md#form-checks) and nothing is sent. */
  const confirmApprove = async (disbursedAmount: number | null): Promise<void> => {
    if (!decision) return;
    if (disbursedAmount === null || !Number.isFinite(disbursedAmount) || disbursedAmount <= 0) {
      window.alert(texts.dialogs.invalidDisbursedAmount);
      return;
    }
    const { application } = decision;
    // Approving creates the loan the lender pays out: say once more whose and how much.
    confirm({
      title: 'Approve Loan Application',
      question: 'Approve this application and create the loan?',
      facts: [
        { label: 'Customer', value: application.customer_full_name },
        { label: 'Product', value: application.product_name },
        { label: 'Disbursed Amount', value: formatKsh(disbursedAmount) },
      ],
      okText: 'Approve',
      onOk: async () => {
        const approved = toastOutcome(
          await approve({ id: application.id, disbursedAmount }),
          texts.auth.notAuthorizedToApprove,
          // The new loan's paybill account number: what the customer types when paying by M-Pesa.
          (data) => `Paybill account number: ${encodeAccountNumber(data.loan_id)}`,
        );
        if (approved) close();
      },
    });
  };

  const confirmReject = async (reason: string): Promise<void> => {
    if (!decision) return;
    const { application } = decision;
    confirm({
      title: 'Reject Loan Application',
      question: 'Reject this application? The customer will need to apply again.',
      facts: paymentFacts({
        customer: application.customer_full_name,
        amount: application.amount,
        reason: reason.trim(),
      }),
      okText: 'Reject',
      danger: true,
      onOk: async () => {
        const rejected = toastOutcome(
          await reject({ id: application.id, reason }),
          texts.auth.notAuthorizedToApprove,
        );
        if (rejected) close();
      },
    });
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
