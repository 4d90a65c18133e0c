import { useState } from 'react';
import type { LoanRow } from '@lender/shared/contract/loans';
import { normaliseMpesaCode } from '@lender/shared/contract/validators';
import { formatKsh } from '@lender/shared/domain/money';
import { Flex, Input, Modal, Typography } from '@lender/shared/ui/antd';
import { countOf, totalKsh } from '@lender/shared/ui/batch-decision.tsx';

/** What a code field says is wrong with it, or undefined. */
function codeError(code: string, codes: readonly string[]): string | undefined {
  const normalised = normaliseMpesaCode(code);
  if (!code.trim()) return 'Enter the M-Pesa code of this payout';
  if (!normalised) return 'M-Pesa code must be 10 letters and digits, like QGH7XK2LMN';
  if (codes.filter((other) => normaliseMpesaCode(other) === normalised).length > 1)
    return 'This code is given for another loan too: each payout has its own';
  return undefined;
}

/**
 * Disbursing several loans (issue 34): every payout is its own M-Pesa transaction, so the modal
 * lists each selected loan (customer, phone, amount) with the field for its own code. Its title
 * names how many and the total, and its Disburse button is the confirmation; codes missing,
 * malformed or given twice are shown on their fields and nothing is sent.
 */
export function BulkDisburseModal({
  loans,
  loading,
  onConfirm,
  onCancel,
}: {
  loans: readonly LoanRow[];
  loading: boolean;
  onConfirm: (items: { id: number; mpesaCode: string }[]) => void;
  onCancel: () => void;
}) {
  const [codes, setCodes] = useState<Record<number, string>>({});
  const [checked, setChecked] = useState(false);
  const codeOf = (loan: LoanRow) => codes[loan.id] ?? '';
  const all = loans.map(codeOf);
  const total = totalKsh(loans.map((loan) => loan.principal));
  const count = countOf(loans.length, 'loan');

  const submit = () => {
    setChecked(true);
    if (loans.some((loan) => codeError(codeOf(loan), all))) return;
    onConfirm(loans.map((loan) => ({ id: loan.id, mpesaCode: normaliseMpesaCode(codeOf(loan)) ?? '' })));
  };

  return (
    <Modal
      open
      title={`Disburse ${count}`}
      okText={`Disburse ${count}`}
      confirmLoading={loading}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        <Typography.Paragraph style={{ margin: 0 }}>
          {`Disburse ${count} totalling ${total}? Enter the M-Pesa code of each payout; each loan is disbursed on its own.`}
        </Typography.Paragraph>
        {loans.map((loan) => {
          const id = `bulk-disburse-code-${loan.id}`;
          const error = checked ? codeError(codeOf(loan), all) : undefined;
          return (
            <Flex key={loan.id} vertical gap={4}>
              <Typography.Text strong>
                {`${loan.customer_name}: ${loan.model}, ${formatKsh(loan.principal)}`}
              </Typography.Text>
              <label htmlFor={id}>{`M-Pesa code for ${loan.customer_name}`}</label>
              <Input
                id={id}
                value={codeOf(loan)}
                status={error ? 'error' : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                autoComplete="off"
                onChange={(event) => setCodes((now) => ({ ...now, [loan.id]: event.target.value }))}
              />
              {error ? (
                <Typography.Text type="danger" id={`${id}-error`}>
                  {error}
                </Typography.Text>
              ) : null}
            </Flex>
          );
        })}
      </Flex>
    </Modal>
  );
}
