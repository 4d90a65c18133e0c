import { useState } from 'react';
import type { PendingApplicationRow } from '@lender/shared/contract/applications';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { Flex, Input, InputNumber, Modal, Typography } from '@lender/shared/ui/antd';

interface ApproveModalProps {
  application: PendingApplicationRow;
  loading: boolean;
  onConfirm: (disbursedAmount: number | null) => void;
  onCancel: () => void;
}

/** 'Enter Disbursed Amount', prefilled with the amount applied for. */
export function ApproveModal({ application, loading, onConfirm, onCancel }: ApproveModalProps) {
  const [amount, setAmount] = useState<number | null>(application.amount);
  return (
    <Modal
      open
      title={texts.dialogs.enterDisbursedAmount}
      okText="Approve"
      confirmLoading={loading}
      onOk={() => onConfirm(amount)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap="small">
        <Typography.Text>
          {application.customer_full_name}, {application.product_name}: applied for{' '}
          {formatKsh(application.amount)}
        </Typography.Text>
        <label htmlFor="disbursed-amount">Disbursed Amount</label>
        <InputNumber
          id="disbursed-amount"
          value={amount}
          onChange={(value) => setAmount(typeof value === 'number' ? value : null)}
          prefix={texts.common.currency}
          style={{ width: '100%' }}
          autoFocus
        />
      </Flex>
    </Modal>
  );
}

interface RejectModalProps {
  application: PendingApplicationRow;
  loading: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** 'Reason': a reason is not required (§5). */
export function RejectModal({ application, loading, onConfirm, onCancel }: RejectModalProps) {
  const [reason, setReason] = useState('');
  return (
    <Modal
      open
      title={texts.dialogs.reason}
      okText="Reject"
      okButtonProps={{ danger: true }}
      confirmLoading={loading}
      onOk={() => onConfirm(reason)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap="small">
        <Typography.Text>
          {application.customer_full_name}, {application.product_name}: {formatKsh(application.amount)}
        </Typography.Text>
        <label htmlFor="rejection-reason">Reason</label>
        <Input.TextArea
          id="rejection-reason"
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          autoFocus
        />
      </Flex>
    </Modal>
  );
}
