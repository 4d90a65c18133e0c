import { REDIRECT_DELAY_MS } from '@lender/shared/client/timing';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@lender/shared/client/router';
import { apiErrorBody, type RequestError } from '@lender/shared/client/api-error';
import { appRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import { App, type FormInstance } from '@lender/shared/ui/antd';
import { showServerFieldErrors } from '@lender/shared/ui/server-field-errors';
import { useRegisterCustomerMutation } from '../../../api/customers-api';
import { TOAST } from '../../../components/toast';
import type { RegisterCustomerValues } from './register-customer-values';
import { toRegisterCustomerBody } from './to-register-customer-body';

/** Redirect delay after a successful submit (docs/product.md#constants). */

/** "Error registering: National ID 12345678 is already registered" (or the bare text without a reason). */
export function registerFailureText(error: RequestError): string {
  const body = apiErrorBody(error);
  const reason = body?.errors?.[0]?.msg ?? body?.message;
  return reason ? `${texts.errors.registerFailed}: ${reason}` : texts.errors.registerFailed;
}

/**
 * Registers the customer: on success a toast with the server's message and the customers list
 * 1.5 s later; on failure 'Error registering' with the server's reason, and the server's field
 * messages under the fields they name. The form stays disabled from submit until it leaves.
 */
// An untyped form instance: the server names fields by path strings, not by the values type.
export function useRegisterCustomer(form: FormInstance) {
  const [registerCustomer, { isLoading }] = useRegisterCustomerMutation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);

  const register = async (values: RegisterCustomerValues): Promise<void> => {
    const result = await registerCustomer(toRegisterCustomerBody(values));
    if ('error' in result) {
      showServerFieldErrors(form, result.error);
      notification.error({ ...TOAST, title: registerFailureText(result.error) });
      return;
    }
    notification.success({ ...TOAST, title: result.data.message });
    setLeaving(true);
    redirect.current = setTimeout(() => navigate(appRoutes.customers), REDIRECT_DELAY_MS);
  };

  return { register, isSubmitting: isLoading || leaving };
}
