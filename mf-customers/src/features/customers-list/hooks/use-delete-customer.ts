import { useState } from 'react';
import { apiErrorBody, type RequestError } from '@lender/shared/client/api-error';
import type { Customer } from '@lender/shared/contract/customers';
import { texts } from '@lender/shared/texts';
import { App } from '@lender/shared/ui/antd';
import { useConfirm } from '@lender/shared/ui/use-confirm.tsx';
import { useDeleteCustomerMutation } from '../../../api/customers-api';
import { customerFullName } from '../../../components/customer-name';
import { TOAST } from '../../../components/toast';

/**
 * What a failed delete says. An answer with an `error` field (401/403) reads "You are not
 * authorized" (docs/product.md#roles-in-the-browser) with the server's message under it; otherwise the server's
 * reason: `errors[0].msg`, then `message` (e.g. a customer who still has loans).
 */
export function deleteFailureToast(error: RequestError): { title: string; description?: string } {
  const body = apiErrorBody(error);
  if (body?.error) {
    return body.message
      ? { title: texts.auth.notAuthorized, description: body.message }
      : { title: texts.auth.notAuthorized };
  }
  return { title: body?.errors?.[0]?.msg ?? body?.message ?? texts.errors.unexpectedTryAgain };
}

/** Delete after a confirmation with docs/product.md#customer-list's question; toasts the server's answer either way. */
export function useDeleteCustomer() {
  const [deleteCustomer] = useDeleteCustomerMutation();
  const { notification } = App.useApp();
  const confirm = useConfirm();
  const [deletingId, setDeletingId] = useState<number | null>(null);

  const remove = async (customer: Customer): Promise<void> => {
    setDeletingId(customer.id);
    const result = await deleteCustomer(customer.id);
    setDeletingId(null);
    if ('error' in result) {
      notification.error({ ...TOAST, ...deleteFailureToast(result.error) });
      return;
    }
    notification.success({ ...TOAST, title: result.data.message });
  };

  // The specification's question, in a dialog that also names the customer being deleted.
  const confirmAndDelete = (customer: Customer): void =>
    confirm({
      title: texts.dialogs.deleteCustomer,
      facts: [
        { label: 'Customer', value: customerFullName(customer) },
        { label: 'National ID', value: customer.national_id },
      ],
      okText: 'Delete',
      danger: true,
      onOk: () => remove(customer),
    });

  return { confirmAndDelete, deletingId };
}
