import { z } from 'zod';
import {
  isoDateTimeSchema,
  loanSideListQuerySchema,
  messageSchema,
  moneySchema,
  paginated,
  refineDateRange,
  type Paginated,
} from './common';
import {
  APPLICATION_SORTS,
  type AnyApplicationListDefinition,
  type ApplicationListName,
  type ApplicationRowKind,
  type ApplicationRowOf,
  type ApplicationSort,
} from './application-lists';
import { caseInsensitiveChoiceField } from './choice-field';
import {
  idField,
  imeiField,
  moneyField,
  mpesaCodeField,
  optionalIdField,
  optionalTextField,
  textField,
} from './validators';

export const INSTALLMENT_TYPES = ['weekly'] as const;
export type InstallmentType = (typeof INSTALLMENT_TYPES)[number];

/** POST /api/loansApplication */
export const createApplicationRequestSchema = z.object({
  amount: moneyField('Amount'),
  purpose: textField('Purpose', 500),
  /** M-Pesa code of the deposit. */
  mpesaCode: mpesaCodeField('M-Pesa code'),
  productId: idField('Product'),
  customerId: idField('Customer'),
  /** Only weekly; any case accepted, weekly when left out. */
  installmentType: caseInsensitiveChoiceField(INSTALLMENT_TYPES, 'weekly', 'Installment type must be weekly'),
  /** Sent by the specification's client; the server always uses the caller instead. */
  officerId: optionalIdField('Officer'),
  imei: imeiField('IMEI'),
  model: textField('Phone model', 200),
});
export type CreateApplicationRequest = z.infer<typeof createApplicationRequestSchema>;
export const createApplicationResponseSchema = messageSchema.extend({ id: z.number().int() });
export type CreateApplicationResponse = z.infer<typeof createApplicationResponseSchema>;

/**
 * Row of GET /api/loansApplication/pending. `id` is the application id; `loan_id` carries the same
 * application id (the specification's client reads both).
 */
export const pendingApplicationRowSchema = z.object({
  loan_id: z.number().int(),
  id: z.number().int(),
  customer_id: z.number().int(),
  customer_full_name: z.string(),
  national_id: z.string(),
  phone: z.string(),
  monthly_income: moneySchema.nullable(),
  product_id: z.number().int(),
  product_name: z.string(),
  amount: moneySchema,
  purpose: z.string(),
  model: z.string(),
  imei: z.string(),
  created_at: isoDateTimeSchema,
});
export type PendingApplicationRow = z.infer<typeof pendingApplicationRowSchema>;

/** Row of GET /api/loansApplication/rejected. */
export const rejectedApplicationRowSchema = pendingApplicationRowSchema.extend({
  occupation: z.string(),
  address: z.string(),
  /** May be empty: a reason is not required. */
  rejection_reason: z.string(),
  rejected_at: isoDateTimeSchema,
});
export type RejectedApplicationRow = z.infer<typeof rejectedApplicationRowSchema>;

/** The filter names an application list page sends (useListUrlState().queryArgs). */
export const APPLICATION_LIST_FILTERS = ['productId', 'officerId', 'from', 'to'] as const;

/**
 * Query of the application lists (application-lists.ts). Filters (issue 14): the product, an
 * admin's officer (scope's officerId) and the list's date (from/to, business dates); a range ending
 * before it starts is refused naming `from`.
 */
export const applicationListQuerySchema =
  loanSideListQuerySchema(APPLICATION_SORTS).superRefine(refineDateRange);
export type ApplicationListQuery = z.input<typeof applicationListQuerySchema>;

/** The query of one list: the filters above, and the sorts that list takes. */
export const applicationListQuerySchemaOf = (list: AnyApplicationListDefinition) =>
  loanSideListQuerySchema(list.sorts as readonly [ApplicationSort, ...ApplicationSort[]]).superRefine(
    refineDateRange,
  );
export const pendingApplicationsPageSchema = paginated(pendingApplicationRowSchema);
export type PendingApplicationsPage = z.infer<typeof pendingApplicationsPageSchema>;
/**
 * The rejected list is one server page of 10 like the pending list, not the specification's plain
 * array (docs/product.md#api-calls): a lender's rejected applications only ever accumulate, so the whole array grows
 * without bound (50,000 rows at a million loans). The client reads `data` and `meta`.
 */
export const rejectedApplicationsPageSchema = paginated(rejectedApplicationRowSchema);
export type RejectedApplicationsPage = z.infer<typeof rejectedApplicationsPageSchema>;

/** The page a list answers, by its rows' kind (application-lists.ts `rows`). */
export const APPLICATION_PAGE_SCHEMAS = {
  application: pendingApplicationsPageSchema,
  rejection: rejectedApplicationsPageSchema,
} as const satisfies Record<ApplicationRowKind, z.ZodType>;
/** One page of a list, by the list's name. */
export type ApplicationListPage<Name extends ApplicationListName> = Paginated<ApplicationRowOf<Name>>;

/** PUT /api/loansApplication/approve/{id} */
export const approveApplicationRequestSchema = z.object({ disbursedAmount: moneyField('Disbursed amount') });
export type ApproveApplicationRequest = z.infer<typeof approveApplicationRequestSchema>;
/** The loan created in status pending_disbursement. */
export const approveApplicationResponseSchema = messageSchema.extend({ loan_id: z.number().int() });
export type ApproveApplicationResponse = z.infer<typeof approveApplicationResponseSchema>;

/** PUT /api/loansApplication/reject/{id} */
export const rejectApplicationRequestSchema = z.object({ reason: optionalTextField('Reason', 1000) });
export type RejectApplicationRequest = z.infer<typeof rejectApplicationRequestSchema>;
export const rejectApplicationResponseSchema = messageSchema;
export type RejectApplicationResponse = z.infer<typeof rejectApplicationResponseSchema>;
