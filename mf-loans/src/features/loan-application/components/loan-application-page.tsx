import { Link } from '@lender/shared/client/router';
import { getChosenCustomer } from '@lender/shared/client/session';
import type { Product } from '@lender/shared/contract/products';
import { appRoutes } from '@lender/shared/contract/routes';
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
  Typography,
} from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { useGetApplicationCustomerQuery, useGetApplicationProductsQuery } from '../api/loan-application-api';
import { previewLoanCost } from '../cost-preview';
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
  const { submitApplication, status } = useSubmitApplication(customerId);
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
        >
          <Form.Item label="Product" name="productId">
            <Select
              loading={productsLoading}
              placeholder="Select a product"
              virtual={false}
              options={(products ?? []).map((p) => ({ value: p.id, label: productOptionLabel(p) }))}
            />
          </Form.Item>
          <Form.Item label="Amount" name="amount">
            <InputNumber min={0} step={100} style={{ width: '100%' }} {...KSH_INPUT} />
          </Form.Item>
          <Form.Item label="Installment Type" name="installmentType">
            <Select options={INSTALLMENT_OPTIONS} virtual={false} />
          </Form.Item>
          <Form.Item label="Purpose" name="purpose">
            <Input />
          </Form.Item>
          <Form.Item label="Model" name="model">
            <Input />
          </Form.Item>
          <Form.Item label="IMEI Number" name="imei">
            <Input inputMode="numeric" />
          </Form.Item>
          <Form.Item label="Mpesa Code" name="mpesaCode">
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
