import { useId, useState } from 'react';
import { serverMessage } from '@lender/shared/client/api-error';
import type { SuspenseLoanOption, SuspensePayment } from '@lender/shared/contract/suspense';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { Alert, App, Button, Empty, Flex, Input, Modal, Spin, Typography } from '@lender/shared/ui/antd';
import { SearchOutlined } from '@lender/shared/ui/icons';
import { LoanStatusBadge } from '@lender/shared/ui/status-badge.tsx';
import { useDebouncedSearchBox } from '@lender/shared/ui/use-debounced-search-box';
import { TOAST } from '../../../components/toast';
import { useAssignSuspensePaymentMutation, useSearchSuspenseLoansQuery } from '../api/mpesa-suspense-api';

interface AssignPaymentModalProps {
  /** The payment to assign; the modal is open while there is one. */
  payment: SuspensePayment | null;
  onClose: () => void;
}

/** One loan found, as a radio whose label reads everything the admin needs to choose. */
function LoanChoice({
  option,
  name,
  checked,
  onChoose,
}: {
  option: SuspenseLoanOption;
  name: string;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <li>
      <label
        style={{ display: 'flex', gap: 8, alignItems: 'flex-start', cursor: 'pointer', padding: '6px 0' }}
      >
        <input type="radio" name={name} checked={checked} onChange={onChoose} style={{ marginTop: 4 }} />
        <span>
          <Typography.Text strong>{option.account_number}</Typography.Text> · {option.customer_name} ·{' '}
          {option.phone}
          <br />
          {option.model} · <LoanStatusBadge status={option.status} /> Balance {formatKsh(option.balance)} ·
          Arrears {formatKsh(option.arrears)}
        </span>
      </label>
    </li>
  );
}

/**
 * Assign (issue 13): finds an open loan by name, phone, national ID or account number (searched
 * on the server once typing pauses) and puts what waits on it.
 */
export function AssignPaymentModal({ payment, onClose }: AssignPaymentModalProps) {
  const { notification } = App.useApp();
  const fieldId = useId();
  const radioName = useId();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const box = useDebouncedSearchBox(search, (next) => {
    setSearch(next);
    setChosen(null);
  });
  const { data, error, isFetching } = useSearchSuspenseLoansQuery(search, {
    skip: !payment || search === '',
  });
  const [assign, { isLoading }] = useAssignSuspensePaymentMutation();

  // The page mounts a new modal for each payment (its key), so a search never carries over.
  const close = onClose;

  const confirm = async () => {
    if (!payment || chosen === null) return;
    const result = await assign({ id: payment.id, body: { loanId: chosen } });
    if (result.error) {
      notification.error({ ...TOAST, title: serverMessage(result.error, texts.errors.unexpectedTryAgain) });
      return;
    }
    const { message, remaining } = result.data;
    // An overpayment's remainder stays in suspense, to go to another loan or back to the payer.
    notification.success({
      ...TOAST,
      title: message,
      ...(remaining > 0 ? { description: `${formatKsh(remaining)} still waiting` } : {}),
    });
    close();
  };

  const options = search ? (data?.data ?? []) : [];
  let results;
  if (!search) results = null;
  else if (error)
    results = <Alert type="error" showIcon title={serverMessage(error, texts.errors.loansFetch)} />;
  else if (isFetching && options.length === 0) results = <Spin aria-label="Searching loans" />;
  else if (options.length === 0) results = <Empty description={`No open loans match "${search}".`} />;
  else
    results = (
      <ul aria-label="Loans found" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {options.map((option) => (
          <LoanChoice
            key={option.loan_id}
            option={option}
            name={radioName}
            checked={chosen === option.loan_id}
            onChoose={() => setChosen(option.loan_id)}
          />
        ))}
      </ul>
    );

  return (
    <Modal
      open={payment !== null}
      title="Assign Payment"
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button
          key="assign"
          type="primary"
          disabled={chosen === null}
          loading={isLoading}
          onClick={() => void confirm()}
        >
          Assign
        </Button>,
      ]}
    >
      {payment ? (
        <Flex vertical gap="middle">
          <Typography.Text>
            {payment.trans_id} from {payment.payer_name}: {formatKsh(payment.unapplied)} waiting.
          </Typography.Text>
          <Flex vertical gap={4}>
            <label htmlFor={fieldId}>Find the loan</label>
            <Input
              id={fieldId}
              type="search"
              placeholder="Customer name, phone, national ID or account number"
              prefix={<SearchOutlined aria-hidden />}
              allowClear
              value={box.text}
              onChange={(event) => box.change(event.target.value)}
              onPressEnter={box.applyNow}
            />
          </Flex>
          {results}
        </Flex>
      ) : null}
    </Modal>
  );
}
