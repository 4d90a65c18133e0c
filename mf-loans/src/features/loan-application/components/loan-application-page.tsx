import { useId } from 'react';
import { Link } from '@lender/shared/client/router';
import { getChosenCustomer } from '@lender/shared/client/session';
import { createApplicationRequestSchema } from '@lender/shared/contract/applications';
import type { Product } from '@lender/shared/contract/products';
import { appRoutes } from '@lender/shared/contract/routes';
import { previewLoanCost, type CostPreview } from '@lender/shared/domain/loan-preview';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Select,
  Table,
  Typography,
  dayjs,
  type FormRule,
} from '@lender/shared/ui/antd';
import { datePart } from '@lender/shared/ui/field-column';
import { schemaRule } from '@lender/shared/ui/form-rules';
import { Money } from '@lender/shared/ui/money.tsx';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { nairobiToday } from '../../../components/loan-columns';
import { useGetApplicationCustomerQuery, useGetApplicationProductsQuery } from '../api/loan-application-api';
import {
  useSubmitApplication,
  type LoanApplicationValues,
  type SubmitStatus,
} from '../hooks/use-submit-application';
import { useFormDraft } from '@lender/shared/ui/use-form-draft.tsx';
import { KSH_INPUT } from '@lender/shared/ui/money.tsx';

/** "Phone Plus (Ksh 5,000.00 – Ksh 50,000.00, 10%, 30 days)": the bounds the server will check. */
export const productOptionLabel = (p: Product) =>
  `${p.name} (${formatKsh(p.min_amount)} – ${formatKsh(p.max_amount)}, ${p.interest_rate}%, ${p.duration_days} days)`;

const INSTALLMENT_OPTIONS = [{ value: 'weekly', label: 'Weekly' }];

function ChosenCustomer({ customerId }: { customerId: number }) {
  const { data, isError } = useGetApplicationCustomerQuery(customerId);
  const name = data
    ? `${data.customer.first_name} ${data.customer.last_name}`
    : isError
      ? `#${customerId}`
      : texts.common.loading;
  return (
    <Typography.Paragraph>
      Customer: <Typography.Text strong>{name}</Typography.Text>
      {data ? <Typography.Text type="secondary"> (ID {data.customer.national_id})</Typography.Text> : null}
    </Typography.Paragraph>
  );
}

/**
 * Each field's check, from the contract's schema of the application (the server's own messages),
 * shown all at once on submit before any request; the amount also within the chosen product's
 * bounds, as the server checks it.
 */
const fieldRules = (name: keyof typeof createApplicationRequestSchema.shape): FormRule[] => [
  schemaRule(createApplicationRequestSchema.shape[name]),
];

const amountRules = (product: Product | undefined): FormRule[] => [
  ...fieldRules('amount'),
  {
    validator: async (_rule, value: unknown) => {
      if (!product || typeof value !== 'number') return;
      if (value < product.min_amount || value > product.max_amount) {
        throw new Error(
          `Amount must be between ${formatKsh(product.min_amount)} and ${formatKsh(product.max_amount)} for ${product.name}`,
        );
      }
    },
  },
];

/** The installment plan: each installment's due date (if disbursed today) and amount. */
function InstallmentPlan({ preview }: { preview: CostPreview }) {
  const headingId = useId();
  const today = nairobiToday();
  const rows = preview.installments.map((installment) => ({
    ...installment,
    due: dayjs(today).add(installment.daysAfterDisbursement, 'day').format('YYYY-MM-DD'),
  }));
  return (
    <section aria-labelledby={headingId} style={{ marginBottom: 24 }}>
      <Typography.Title level={5} id={headingId}>
        Installment plan
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {preview.weeks} weekly {preview.weeks === 1 ? 'installment' : 'installments'}, if approved for this
        amount
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="number"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: 'Installment', dataIndex: 'number', key: 'number' },
          {
            title: 'Due if disbursed today',
            dataIndex: 'due',
            key: 'due',
            render: (due: string) => datePart(due),
          },
          {
            title: 'Amount',
            dataIndex: 'amount',
            key: 'amount',
            align: 'right',
            render: (amount: number) => <Money amount={amount} />,
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              Total to repay
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Money amount={preview.total} />
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </section>
  );
}

/**
 * What the loan would cost and how it would be repaid, as the amount and the product are chosen:
 * the shared loan-terms code the server schedules with (domain/loan-preview.ts), so the plan is
 * the schedule the loan gets if approved for this amount.
 */
function CostPreviewPanel({ product, amount }: { product: Product | undefined; amount: unknown }) {
  const preview = product
    ? previewLoanCost({
        amount: Number(amount ?? NaN),
        interestRate: product.interest_rate,
        durationDays: product.duration_days,
      })
    : null;
  if (!preview) return null;
  return (
    <>
      <Descriptions
        title="Total cost"
        size="small"
        bordered
        column={1}
        style={{ marginBottom: 24 }}
        items={[
          { key: 'principal', label: 'Principal', children: formatKsh(preview.principal) },
          {
            key: 'interest',
            label: `Interest (${product?.interest_rate}%)`,
            children: formatKsh(preview.interest),
          },
          { key: 'total', label: 'Total to repay', children: formatKsh(preview.total) },
          { key: 'installment', label: 'Weekly installment', children: formatKsh(preview.weeklyInstallment) },
          { key: 'weeks', label: 'Number of weeks', children: preview.weeks },
        ]}
      />
      <InstallmentPlan preview={preview} />
    </>
  );
}

function StatusLine({ status }: { status: SubmitStatus }) {
  const text =
    status.state === 'submitting'
      ? texts.applicationForm.submitting
      : status.state === 'success'
        ? texts.success.applicationSubmitted
        : status.state === 'error'
          ? status.text
          : '';
  return (
    <Typography.Paragraph
      role="status"
      type={status.state === 'error' ? 'danger' : status.state === 'success' ? 'success' : undefined}
      style={{ marginTop: 16, marginBottom: 0, minHeight: 22 }}
    >
      {text}
    </Typography.Paragraph>
  );
}

/** Loan application form (/loan-application, docs/product.md#loan-application-form), for the customer chosen with Apply. */
export default function LoanApplicationPage() {
  const customerId = getChosenCustomer();
  const [form] = Form.useForm<LoanApplicationValues>();
  useFormDraft(form, `loan-application-${customerId}`);
  const { data: products, isLoading: productsLoading } = useGetApplicationProductsQuery();
  const { submitApplication, status } = useSubmitApplication(customerId, form);
  const productId = Form.useWatch('productId', form);
  const amount = Form.useWatch('amount', form);
  const product = products?.find((p) => p.id === productId);

  return (
    <>
      <PageHeader title="Loan Application" />
      <Card style={{ maxWidth: 720 }}>
        {customerId === null ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 24 }}
            title="No customer is chosen."
            description={
              <>
                Choose one with Apply on <Link to={appRoutes.customers}>All Customers</Link>.
              </>
            }
          />
        ) : (
          <ChosenCustomer customerId={customerId} />
        )}
        <Form
          form={form}
          layout="vertical"
          onFinish={submitApplication}
          initialValues={{ installmentType: 'weekly' }}
          autoComplete="off"
          scrollToFirstError={{ focus: true, block: 'center' }}
        >
          <Form.Item label="Product" name="productId" rules={fieldRules('productId')}>
            <Select
              loading={productsLoading}
              placeholder="Select a product"
              virtual={false}
              options={(products ?? []).map((p) => ({ value: p.id, label: productOptionLabel(p) }))}
            />
          </Form.Item>
          <Form.Item label="Amount" name="amount" rules={amountRules(product)} dependencies={['productId']}>
            <InputNumber min={0} step={100} style={{ width: '100%' }} {...KSH_INPUT} />
          </Form.Item>
          <Form.Item label="Installment Type" name="installmentType">
            <Select options={INSTALLMENT_OPTIONS} virtual={false} />
          </Form.Item>
          <Form.Item label="Purpose" name="purpose" rules={fieldRules('purpose')}>
            <Input />
          </Form.Item>
          <Form.Item label="Model" name="model" rules={fieldRules('model')}>
            <Input />
          </Form.Item>
          <Form.Item label="IMEI Number" name="imei" rules={fieldRules('imei')}>
            <Input inputMode="numeric" />
          </Form.Item>
          <Form.Item label="Mpesa Code" name="mpesaCode" rules={fieldRules('mpesaCode')}>
            <Input />
          </Form.Item>
          <CostPreviewPanel product={product} amount={amount} />
          <Button
            type="primary"
            htmlType="submit"
            disabled={customerId === null || status.state === 'success'}
            loading={status.state === 'submitting'}
          >
            Submit
          </Button>
          <StatusLine status={status} />
        </Form>
      </Card>
    </>
  );
}
