import type { ReactNode } from 'react';
import { Flex, Modal, Typography } from '@lender/shared/ui/antd';

interface DecisionModalProps {
  title: string;
  okText: string;
  danger?: boolean;
  loading: boolean;
  /** One line saying which application or loan the decision is about. */
  summary: ReactNode;
  label: string;
  /** The id of the one field in `children`, so that the label names it. */
  fieldId: string;
  children: ReactNode;
  onOk: () => void;
  onCancel: () => void;
}

/** The modal of an admin's decision that takes one value: approve, reject, disburse. */
export function DecisionModal({
  title,
  okText,
  danger = false,
  loading,
  summary,
  label,
  fieldId,
  children,
  onOk,
  onCancel,
}: DecisionModalProps) {
  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={danger ? { danger: true } : undefined}
      confirmLoading={loading}
      onOk={onOk}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap="small">
        <Typography.Text>{summary}</Typography.Text>
        <label htmlFor={fieldId}>{label}</label>
        {children}
      </Flex>
    </Modal>
  );
}
