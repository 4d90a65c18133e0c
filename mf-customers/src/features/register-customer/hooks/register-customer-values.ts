import type {
  CollateralInput,
  GuarantorInput,
  RegisterCustomerFields,
} from '@lender/shared/contract/customers';
import type { UploadFile } from '@lender/shared/ui/antd';

/** A collateral as typed: the count is a number input, the details optional. */
export type CollateralValues = Omit<CollateralInput, 'item_count'> & { item_count?: number | null };

export type GuarantorValues = Omit<GuarantorInput, 'collaterals'> & { collaterals?: CollateralValues[] };

/**
 * The registration form's values: the contract's text fields, with the income as the number input
 * gives it, and the photos as the Upload's file lists (at most one file each).
 */
export interface RegisterCustomerValues extends Omit<
  RegisterCustomerFields,
  'monthly_income' | 'collaterals' | 'guarantors'
> {
  monthly_income?: number | null;
  passport_photo?: UploadFile[];
  national_id_photo?: UploadFile[];
  collaterals?: CollateralValues[];
  guarantors?: GuarantorValues[];
}

/** Most entries the server accepts in each list (contract/customers.ts). */
export const LIST_LIMITS = { referees: 20, collaterals: 50, guarantors: 20 } as const;
