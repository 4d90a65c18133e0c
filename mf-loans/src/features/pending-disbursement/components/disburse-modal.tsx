import { useState } from 'react';
import type { LoanRow } from '@lender/shared/contract/loans';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { Flex, Input, Modal, Typography } from '@lender/shared/ui/antd';

interface DisburseModalProps {
  loan: LoanRow;
  loading: boolean;
  onConfirm: (mpesaCode: string) => void;
  onCancel: () => void;
}

/** 'Enter Mpesa Code': the M-Pesa code of the disbursement. */
export function DisburseModal({ loan, loading, onConfirm, onCancel }: DisburseModalProps) {
  const [mpesaCode, setMpesaCode] = useState('');
  return (
    <Modal
      open
      title={texts.dialogs.enterMpesaCode}
      okText="Disburse"
      confirmLoading={loading}
      onOk={() => onConfirm(mpesaCode)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap="small">
        <Typography.Text>
          {loan.customer_name}, {loan.loan_product}: {formatKsh(loan.principal)}
        </Typography.Text>
        <label htmlFor="disbursement-mpesa-code">Mpesa Code</label>
        <Input
          id="disbursement-mpesa-code"
          value={mpesaCode}
          onChange={(event) => setMpesaCode(event.target.value)}
          autoComplete="off"
          autoFocus
        />
      </Flex>
    </Modal>
  );
}
