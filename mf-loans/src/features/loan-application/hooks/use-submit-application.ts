import { REDIRECT_DELAY_MS } from '@lender/shared/client/timing';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@lender/shared/client/router';
import { serverMessage, type RequestError } from '@lender/shared/client/api-error';
import { readSession } from '@lender/shared/client/session';
import { appRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import type { FormInstance } from '@lender/shared/ui/antd';
import { showServerFieldErrors } from '@lender/shared/ui/server-field-errors';
import { useSubmitLoanApplicationMutation, type LoanApplicationBody } from '../api/loan-application-api';

/** Redirect delay after a successful submit (docs/product.md#constants). */

export interface LoanApplicationValues {
  productId?: number | string;
  amount?: number | string | null;
  installmentType?: string;
  purpose?: string;
  model?: string;
  imei?: string;
  mpesaCode?: string;
}

export type SubmitStatus =
  { state: 'idle' } | { state: 'submitting' } | { state: 'success' } | { state: 'error'; text: string };

/** 'Error: ' plus the server's message (errors[0].msg, then message), or the generic failure. */
export function applicationFailureText(error: RequestError): string {
  const message = serverMessage(error, '');
  return message ? `${texts.applicationForm.errorPrefix}${message}` : texts.errors.applicationFailed;
}

/** The body as the specification's client sends it: amount as a number, ids as integers (docs/product.md#form-checks). */
export function toApplicationBody(values: LoanApplicationValues, customerId: number): LoanApplicationBody {
  return {
    amount: Number(values.amount),
    purpose: values.purpose ?? '',
    mpesaCode: values.mpesaCode ?? '',
    productId: Number.parseInt(String(values.productId ?? ''), 10),
    customerId: Number.parseInt(String(customerId), 10),
    installmentType: 'weekly',
    officerId: readSession()?.user.id,
    imei: values.imei ?? '',
    model: values.model ?? '',
  };
}

/** Sends the application; on success says so and returns to the dashboard after 1.5 s; a refusal shows on its fields. */
export function useSubmitApplication(
  customerId: number | null,
  // Untyped: the server names fields by path strings, not by the values type.
  form: FormInstance,
) {
  const [submit] = useSubmitLoanApplicationMutation();
  const [status, setStatus] = useState<SubmitStatus>({ state: 'idle' });
  const navigate = useNavigate();
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const submitApplication = async (values: LoanApplicationValues): Promise<void> => {
    if (customerId === null) return;
    setStatus({ state: 'submitting' });
    const result = await submit(toApplicationBody(values, customerId));
    if ('error' in result) {
      // Under the fields it names (an amount outside the product's bounds, an IMEI already
      // financed, a used M-Pesa code), and in the status line as before.
      showServerFieldErrors(form, result.error);
      setStatus({ state: 'error', text: applicationFailureText(result.error) });
      return;
    }
    setStatus({ state: 'success' });
    redirect.current = setTimeout(() => navigate(appRoutes.dashboard), REDIRECT_DELAY_MS);
  };

  return { submitApplication, status };
}
