import { formatKsh } from '../domain/money';
import type { ConfirmFact } from './use-confirm';

/**
 * What a confirmation that moves a customer's money names (useConfirm's facts): whose it is and
 * the amount, then the M-Pesa code when the money came or went by M-Pesa, and the reason when one
 * was given.
 */
export function paymentFacts({
  customer,
  amount,
  mpesaCode,
  reason,
}: {
  customer: string;
  amount: number;
  mpesaCode?: string;
  reason?: string;
}): ConfirmFact[] {
  const facts: ConfirmFact[] = [
    { label: 'Customer', value: customer },
    { label: 'Amount', value: formatKsh(amount) },
  ];
  if (mpesaCode !== undefined) facts.push({ label: 'M-Pesa Code', value: mpesaCode });
  if (reason) facts.push({ label: 'Reason', value: reason });
  return facts;
}
