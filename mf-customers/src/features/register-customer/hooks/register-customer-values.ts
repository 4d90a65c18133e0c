import type { CollateralInput, RefereeInput } from '@lender/shared/contract/customers';
import type { UploadFile } from '@lender/shared/ui/antd';

/** A collateral as typed: the count is a number input, the details optional. */
export type CollateralValues = Omit<CollateralInput, 'item_count'> & { item_count?: number | null };

export interface GuarantorValues {
  name: string;
  relationship: string;
  phone_number: string;
  collaterals?: CollateralValues[];
}

/** The registration form's values; photos are the Upload's file lists (at most one file each). */
export interface RegisterCustomerValues {
  first_name: string;
  last_name: string;
  phone: string;
  email?: string;
  national_id: string;
  county: string;
  occupation: string;
  residence_details?: string;
  address: string;
  monthly_income?: number | null;
  passport_photo?: UploadFile[];
  national_id_photo?: UploadFile[];
  referees: RefereeInput[];
  collaterals?: CollateralValues[];
  guarantors?: GuarantorValues[];
}

/** Most entries the server accepts in each list (contract/customers.ts). */
export const LIST_LIMITS = { referees: 20, collaterals: 50, guarantors: 20 } as const;
