import { REDIRECT_DELAY_MS } from '@lender/shared/client/timing';
import { useNavigate } from '@lender/shared/client/router';
import { serverMessage } from '@lender/shared/client/api-error';
import { DEFAULT_DURATION_DAYS, type CreateProductRequest } from '@lender/shared/contract/products';
import { appRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import { App, Button, Card, Form, Input, InputNumber } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { TOAST } from '../../../components/toast';
import { useCreateLoanProductMutation } from '../api/products-api';
import { useFormDraft } from '@lender/shared/ui/use-form-draft.tsx';

type ProductForm = CreateProductRequest;

/** New product defaults (docs/product.md#constants): duration 30 days, the amounts and the rate 0. */
export const PRODUCT_DEFAULTS: ProductForm = {
  name: '',
  description: '',
  minAmount: 0,
  maxAmount: 0,
  interestRate: 0,
  durationDays: DEFAULT_DURATION_DAYS,
};

/** The product's figures, each a number input. */
const NUMBER_FIELDS: { label: string; name: keyof ProductForm }[] = [
  { label: 'Minimum Amount', name: 'minAmount' },
  { label: 'Maximum Amount', name: 'maxAmount' },
  { label: 'Interest Rate', name: 'interestRate' },
  { label: 'Duration (Days)', name: 'durationDays' },
];

/** Add Product (/add-product, docs/product.md#loan-product-screens): no client validation; the server's message on failure. */

export default function AddProductPage() {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [create, { isLoading }] = useCreateLoanProductMutation();
  const [form] = Form.useForm<ProductForm>();
  useFormDraft(form, 'add-product');

  const save = async (values: ProductForm) => {
    const result = await create({
      name: values.name ?? '',
      description: values.description ?? '',
      minAmount: Number(values.minAmount ?? 0),
      maxAmount: Number(values.maxAmount ?? 0),
      interestRate: Number(values.interestRate ?? 0),
      durationDays: Number(values.durationDays ?? DEFAULT_DURATION_DAYS),
    });
    if (result.error) {
      notification.error({ ...TOAST, title: serverMessage(result.error, texts.errors.unexpectedTryAgain) });
      return;
    }
    notification.success({ ...TOAST, title: result.data.message });
    // The specification's redirect delay after a successful submit (docs/product.md#constants).
    setTimeout(() => void navigate(appRoutes.loanProducts), REDIRECT_DELAY_MS);
  };

  return (
    <>
      <PageHeader title="Add Product" />
      <Card>
        <Form<ProductForm>
          form={form}
          layout="vertical"
          initialValues={PRODUCT_DEFAULTS}
          onFinish={(values) => void save(values)}
        >
          <Form.Item label="Product Name" name="name">
            <Input />
          </Form.Item>
          <Form.Item label="Description" name="description">
            <Input.TextArea rows={3} />
          </Form.Item>
          {NUMBER_FIELDS.map(({ label, name }) => (
            <Form.Item key={name} label={label} name={name}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          ))}
          <Button type="primary" htmlType="submit" loading={isLoading}>
            Save
          </Button>
        </Form>
      </Card>
    </>
  );
}
