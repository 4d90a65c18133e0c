import { z } from 'zod';
import { DATE_BOUNDS, isCalendarDate } from '../domain/date-time';

/** Error body of every failed request (docs/product.md#errors). */
export const fieldErrorSchema = z.object({ field: z.string(), msg: z.string() });
export const apiErrorSchema = z.object({
  message: z.string(),
  /** Present on 401/403: the specification's client shows "You are not authorized" when it is set. */
  error: z.string().optional(),
  /** Present on validation failures; the client reads errors[0].msg. */
  errors: z.array(fieldErrorSchema).optional(),
  /** Present on 429: seconds until another attempt is allowed. */
  retryAfterSeconds: z.number().int().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

/**
 * Ids arrive as path or query strings; the specification's client parses them to integers.
 * Bounded to PostgreSQL's integer, so an absurd id is a 400, not a database error.
 */
export const MAX_ID = 2_147_483_647;

/**
 * A whole number from a path or query string as written: digits only (z.coerce would also read
 * '0x1', ' 1' and '1e0' as 1, so odd spellings of an id reached a record).
 */
const plainInteger = (value: unknown): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;

export const idSchema = z.preprocess(plainInteger, z.number().int().positive().max(MAX_ID));
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

export const pageSchema = z.preprocess(plainInteger, z.number().int().min(1).max(MAX_ID)).default(1);

/** Paginated list: data[] and meta.totalPages (docs/product.md#api-calls). */
export const pageMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /**
   * True when the list is longer than the server counts exactly (about 1,000 rows): total and
   * totalPages are then lower bounds ("more than 1,000") and further pages exist. Absent or false:
   * the count is exact.
   */
  totalEstimated: z.boolean().optional(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;
export const paginated = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ data: z.array(item), meta: pageMetaSchema });
export type Paginated<T> = { data: T[]; meta: PageMeta };

/**
 * Scoping query of list calls. The client sends role and userId/officerId, but the server
 * never trusts them to widen access: for an officer they are ignored (docs/product.md#roles-and-scope).
 */
/** The page of a list and its free-text search as typed (trimmed, at most 100 characters). */
export const pageSearchShape = { page: pageSchema, search: z.string().trim().max(100).optional() };

export const scopeQuerySchema = z.object({
  role: z.string().optional(),
  userId: idSchema.optional(),
  officerId: idSchema.optional(),
  ...pageSearchShape,
});
export type ScopeQuery = z.input<typeof scopeQuerySchema>;

/** Direction of a list's sort, as in the URL (`?sort=balance&order=desc`). */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The sort of a list (issue 14): `sort` names one of the list's sortable columns, `order` its
 * direction (ascending when absent). Spread into a list's query schema:
 * `scopeQuerySchema.extend({ ...sortQueryShape(list.sorts) })`. Without `sort` the list keeps
 * its default order.
 */
export const sortQueryShape = <const Keys extends readonly [string, ...string[]]>(keys: Keys) => ({
  sort: z.enum(keys, { error: `sort must be one of ${keys.join(', ')}` }).optional(),
  order: z.enum(SORT_ORDERS, { error: 'order must be asc or desc' }).optional(),
});

/**
 * A date-range filter (`from` and `to`, inclusive business dates in the lender's time zone);
 * either may be left out. The server refuses from after to (dateRangeError).
 */
const queryDate = (name: 'from' | 'to') =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${name} must be a date (YYYY-MM-DD)`, abort: true })
    .refine(isCalendarDate, `${name} must be a real date from ${DATE_BOUNDS.first} to ${DATE_BOUNDS.last}`)
    .optional();
export const dateRangeQueryShape = { from: queryDate('from'), to: queryDate('to') };
/**
 * What a searchable list's query carries besides its scope and its own filters: the page, the
 * search, the sort by one of `sorts` (sortQueryShape) and a date range (dateRangeQueryShape).
 */
export const listQueryShape = <const Sorts extends readonly [string, ...string[]]>(sorts: Sorts) => ({
  ...pageSearchShape,
  ...sortQueryShape(sorts),
  ...dateRangeQueryShape,
});

/**
 * The query of a list in the caller's book (scopeQuerySchema) that is searched, sorted by one of
 * `sorts` and narrowed to a date range (listQueryShape); a list adds its own filters with `.extend`.
 */
export const scopedListQuerySchema = <const Sorts extends readonly [string, ...string[]]>(sorts: Sorts) =>
  scopeQuerySchema.extend(listQueryShape(sorts));

/**
 * The query of a loan-side list (applications, repayments): a scoped list (scopedListQuerySchema)
 * that can also be narrowed to the loans of one product (`productId`, issue 14).
 */
export const loanSideListQuerySchema = <const Sorts extends readonly [string, ...string[]]>(sorts: Sorts) =>
  scopedListQuerySchema(sorts).extend({ productId: idSchema.optional() });

/** The message for a range that ends before it starts, or undefined when the range is fine. */
export const dateRangeError = (range: { from?: string | undefined; to?: string | undefined }) =>
  range.from && range.to && range.from > range.to ? 'from must not be after to' : undefined;

/**
 * Refines a list's query schema (`.superRefine(refineDateRange)`): a range that ends before it
 * starts is a 400 naming `from`.
 */
export const refineDateRange = (
  query: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  const message = dateRangeError(query);
  if (message) ctx.addIssue({ code: 'custom', path: ['from'], message });
};

/**
 * An edit's body (PATCH): only the fields sent change, so a body that sends none of them is
 * refused with `message`.
 */
export const requireSomeField = <T extends z.ZodObject>(schema: T, message: string) =>
  schema.refine((body) => Object.values(body).some((value) => value !== undefined), { message });

/** Money travels as a number with at most 2 decimals; the server stores it exactly. */
export const moneySchema = z.number();
/** A number of records (loans, repayments, payments) in a figure or a summary: a whole number. */
export const countSchema = z.number().int();

/** Calendar date in the lender's time zone, YYYY-MM-DD. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
/** Instant, ISO 8601. */
export const isoDateTimeSchema = z.string();

/** GET /api/health: 200 once the server can serve, 503 while its database does not answer. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  /** The API contract version the server speaks (CONTRACT_VERSION): remotes check its major. */
  contractVersion: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
