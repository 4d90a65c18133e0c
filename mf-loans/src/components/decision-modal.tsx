import { useId, useState, type ReactNode } from 'react';
import { Flex, Modal, Typography } from '@lender/shared/ui/antd';

/** What the page gives a decision's modal: whether the decision is being sent, and what Ok and Cancel do. */
export interface DecisionHandlers<Value> {
  loading: boolean;
  onConfirm: (value: Value) => void;
  onCancel: () => void;
}

/** The one field of a decision: its id (for the label), its value and how it changes. */
interface DecisionField<Value> {
  id: string;
  value: Value;
  setValue: (value: Value) => void;
}

interface DecisionModalProps<Value> extends DecisionHandlers<Value> {
  title: string;
  okText: string;
  danger?: boolean;
  /** Which application or loan the decision is about: a line, or its facts (ConfirmFacts). */
  summary: ReactNode;
  label: string;
  /** The field's value when the modal opens. */
  initialValue: Value;
  /** The field, given its id, value and setter. */
  children: (field: DecisionField<Value>) => ReactNode;
}

/** The modal of an admin's decision that takes one value (approve, reject, disburse): Ok confirms with that value. */
export function DecisionModal<Value>({
  title,
  okText,
  danger = false,
  loading,
  summary,
  label,
  initialValue,
  children,
  onConfirm,
  onCancel,
}: DecisionModalProps<Value>) {
  const id = useId();
  const [value, setValue] = useState<Value>(initialValue);
  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={danger ? { danger: true } : undefined}
      confirmLoading={loading}
      onOk={() => onConfirm(value)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap="small">
        {typeof summary === 'string' ? <Typography.Text>{summary}</Typography.Text> : summary}
        <label htmlFor={id}>{label}</label>
        {children({ id, value, setValue })}
      </Flex>
    </Modal>
  );
}
