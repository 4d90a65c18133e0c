import { REDIRECT_DELAY_MS } from '@lender/shared/client/timing';
import { useNavigate } from '@lender/shared/client/router';
import { serverMessage } from '@lender/shared/client/api-error';
import {
  createProductRequestSchema,
  DEFAULT_DURATION_DAYS,
  type CreateProductRequest,
} from '@lender/shared/contract/products';
import { appRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import { App, Button, Card, Form, Input, InputNumber, type FormRule } from '@lender/shared/ui/antd';
import { schemaRule } from '@lender/shared/ui/form-rules';
import { showServerFieldErrors } from '@lender/shared/ui/server-field-errors';
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

/** Each field's check, the contract's own (docs/product.md#form-checks); the maximum also not below the minimum. */
const rulesOf = (name: keyof ProductForm): FormRule[] => [
  schemaRule(createProductRequestSchema.shape[name]),
  ...(name === 'maxAmount'
    ? [
        ({ getFieldValue }: { getFieldValue: (field: keyof ProductForm) => unknown }) => ({
          validator: async (_rule: unknown, value: unknown) => {
            const min = getFieldValue('minAmount');
            if (typeof value === 'number' && typeof min === 'number' && value < min) {
              throw new Error('Maximum amount must be greater than or equal to the minimum amount');
            }
          },
        }),
      ]
    : []),
];

/**
 * Add Product (/add-product, docs/product.md#loan-product-screens): every field checked at once before
 * sending; the server's refusal under the field it names (a name already taken), else toasted.
 */

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
      showServerFieldErrors(form, result.error);
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
          scrollToFirstError={{ focus: true, block: 'center' }}
          initialValues={PRODUCT_DEFAULTS}
          onFinish={(values) => void save(values)}
        >
          <Form.Item label="Product Name" name="name" rules={rulesOf('name')}>
            <Input />
          </Form.Item>
          <Form.Item label="Description" name="description" rules={rulesOf('description')}>
            <Input.TextArea rows={3} />
          </Form.Item>
          {NUMBER_FIELDS.map(({ label, name }) => (
            <Form.Item
              key={name}
              label={label}
              name={name}
              rules={rulesOf(name)}
              dependencies={name === 'maxAmount' ? ['minAmount'] : undefined}
            >
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
