import { Link } from '@lender/shared/client/router';
import type { LoanDetail } from '@lender/shared/contract/loans';
import { appRoutes } from '@lender/shared/contract/routes';
import { Descriptions, Flex, type DescriptionsProps } from '@lender/shared/ui/antd';
import { Money } from '@lender/shared/ui/money.tsx';
import { DeviceLockStateBadge, DeviceStatusBadge, LoanStatusBadge } from '@lender/shared/ui/status-badge.tsx';
import { datePart } from '@lender/shared/ui/field-column';
import { daysRemainingText, LockDate } from '../../../components/loan-columns';
import { texts } from '@lender/shared/texts';

const text = (value: string | null | undefined) => (value ? value : 'N/A');

/** The details grid of docs/product.md#loan-detail: the loan detail fields of docs/product.md#browser-data with both badges. */
export function LoanDetailsGrid({ loan }: { loan: LoanDetail }) {
  const items: DescriptionsProps['items'] = [
    {
      key: 'customer',
      label: 'Customer',
      // The customer's page lives in mf_customers: opened by URL, never by import.
      children: <Link to={appRoutes.customerPage(loan.customer_id)}>{loan.customer_name}</Link>,
    },
    { key: 'national_id', label: 'National ID', children: loan.national_id },
    // A call link, as on the lists: an officer calls from the loan page.
    {
      key: 'phone',
      label: 'Phone',
      children: loan.phone ? <a href={`tel:${loan.phone}`}>{loan.phone}</a> : texts.common.notAvailable,
    },
    // What the customer types as the account number when paying through the paybill.
    { key: 'account_number', label: 'Paybill Account', children: loan.account_number },
    { key: 'product', label: 'Product', children: loan.loan_product },
    { key: 'purpose', label: 'Purpose', children: loan.purpose },
    { key: 'status', label: 'Status', children: <LoanStatusBadge status={loan.status} /> },
    {
      key: 'device_status',
      label: 'Device Status',
      // What the lender decided, and beside it the phone as the device-lock provider has it.
      children: (
        <Flex gap={4} wrap align="center">
          <DeviceStatusBadge status={loan.device_status} />
          <DeviceLockStateBadge state={loan.device_lock_state} />
        </Flex>
      ),
    },
    { key: 'applied', label: 'Applied Amount', children: <Money amount={loan.applied_amount} /> },
    { key: 'principal', label: 'Principal', children: <Money amount={loan.principal} /> },
    {
      key: 'interest',
      label: `Interest (${loan.interest_rate}%)`,
      children: <Money amount={loan.total_interest} />,
    },
    { key: 'total', label: 'Total Amount', children: <Money amount={loan.total_amount} /> },
    {
      key: 'installment',
      label: 'Installment Amount (Weekly)',
      children: <Money amount={loan.installment_amount} />,
    },
    {
      key: 'installments_sum',
      label: 'Installments Sum',
      children: <Money amount={loan.installments_sum} />,
    },
    // Paid counts the approved repayments only; one recorded and not yet approved is said apart.
    { key: 'paid', label: 'Paid', children: <Money amount={loan.paid_amount} /> },
    ...(loan.pending_amount > 0
      ? [
          {
            key: 'pending',
            label: 'Awaiting Approval',
            children: <Money amount={loan.pending_amount} />,
          },
        ]
      : []),
    { key: 'balance', label: 'Balance', children: <Money amount={loan.remaining_balance} /> },
    { key: 'arrears', label: 'Arrears', children: <Money amount={loan.arrears} /> },
    { key: 'amount_due', label: 'Amount Due', children: <Money amount={loan.amount_due} /> },
    { key: 'penalty', label: 'Penalty', children: <Money amount={loan.penalty} /> },
    { key: 'due_date', label: 'Due Date', children: datePart(loan.due_date) },
    { key: 'days_remaining', label: 'Days Remaining', children: daysRemainingText(loan.days_remaining) },
    { key: 'days_overdue', label: 'Days Overdue', children: loan.days_overdue },
    // The last installment's due date the payments fully cover, and the day the phone may be
    // locked if nothing more is paid.
    { key: 'paid_through', label: 'Paid Through', children: datePart(loan.paid_through_date) },
    { key: 'lock_date', label: 'Lock Date', children: <LockDate date={loan.lock_date} /> },
    { key: 'duration', label: 'Duration (days)', children: loan.duration_days },
    { key: 'disbursed', label: 'Disbursement Date', children: datePart(loan.disbursement_date) },
    { key: 'expected', label: 'Expected Completion', children: datePart(loan.expected_completion_date) },
    { key: 'completed', label: 'Completed Date', children: datePart(loan.completed_date) },
    ...(loan.default_date
      ? [{ key: 'default_date', label: 'Default Date', children: datePart(loan.default_date) }]
      : []),
    { key: 'mpesa', label: 'M-Pesa Code', children: text(loan.mpesa_code) },
    { key: 'model', label: 'Model', children: text(loan.model) },
    { key: 'imei', label: 'IMEI', children: text(loan.imei_number) },
  ];
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
      items={items}
      title="Loan Details"
    />
  );
}
