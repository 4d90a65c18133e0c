import { dateRangeError, type FieldError, type SortOrder } from '@lender/shared/contract/common';
import {
  CUSTOMER_PHOTO_FIELDS,
  type Collateral,
  type Customer,
  type CustomerDetails,
  type CustomerPhotoField,
  type CustomersPage,
  PHONE_CHECK_LIMIT,
  type PhoneCheckResponse,
} from '@lender/shared/contract/customers';
import type { CustomerSort } from '@lender/shared/contract/customer-lists';
import { isUniqueViolation, type Executor } from '../../db/client';
import { bookScope, inBook } from '../../domain/book-scope';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { formatCents, toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import type { Caller } from '../../plugins/auth';
import { inspectImage, withFileWrites, type FileWriter, type InspectedImage } from '../files/service';
import { countLimit, pageMeta, pageRequest } from '../pagination';
import type { ServiceContext } from '../service-context';
import { parseRegistration } from './input';
import {
  deleteCustomer,
  deleteCustomerFiles,
  findCustomer,
  findCustomerByNationalId,
  findCustomersByPhone,
  hasApplicationsOrLoans,
  insertCollaterals,
  insertCustomer,
  insertGuarantor,
  insertGuarantorCollaterals,
  insertReferees,
  listCollaterals,
  listCustomers,
  listGuarantorCollaterals,
  listGuarantors,
  listReferees,
  lockCustomer,
  setCustomerPhotos,
  type CollateralRow,
  type CustomerListFilter,
  type CustomerListRow,
  type CustomerRow,
  type CustomerScope,
  type GuarantorCollateralRow,
  type GuarantorRow,
  type RefereeRow,
} from './repository';

export const CUSTOMER_HAS_LOANS = 'This customer has loan applications or loans and cannot be deleted';

/** The customers a caller may see: those of their book (domain/book-scope.ts). */
export const customerScope = (caller: Caller, named?: Parameters<typeof bookScope>[1]): CustomerScope => ({
  createdBy: bookScope(caller, named).officerId,
});

const notFound = (id: number) => new NotFoundError(`Customer ${id} not found`);

const moneyOrNull = (value: string | null) => (value === null ? null : toMoneyNumber(toCents(value)));

/** The fields a customer's view (toCustomer) and its audit record (auditView) show alike. */
const customerFields = (row: CustomerRow) => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  phone: row.phone,
  email: row.email,
  national_id: row.nationalId,
  county: row.county,
  occupation: row.occupation,
  residence_details: row.residenceDetails,
});

export function toCustomer(row: CustomerListRow, ctx: Pick<ServiceContext, 'files'>): Customer {
  return {
    ...customerFields(row),
    address: row.address ?? '',
    monthly_income: moneyOrNull(row.monthlyIncome),
    created_by: row.createdBy,
    created_by_name: row.createdByName,
    reminders_opt_out: row.remindersOptOut,
    passport_photo: ctx.files.signedUrl(row.passportPhotoKey),
    national_id_photo: ctx.files.signedUrl(row.nationalIdPhotoKey),
    created_at: row.createdAt.toISOString(),
  };
}

const toCollateral = (row: CollateralRow | GuarantorCollateralRow): Collateral => ({
  id: row.id,
  item_name: row.itemName,
  item_count: row.itemCount,
  additional_details: row.additionalDetails,
});

const toReferee = (row: RefereeRow) => ({
  id: row.id,
  name: row.name,
  id_number: row.idNumber,
  relationship: row.relationship,
  phone_number: row.phoneNumber,
});

function toGuarantors(rows: GuarantorRow[], collaterals: GuarantorCollateralRow[]) {
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    relationship: row.relationship,
    phone_number: row.phoneNumber,
    collaterals: collaterals.filter((c) => c.guarantorId === row.id).map(toCollateral),
  }));
}

/** What the audit trail keeps of a customer: the record and what hangs on it, photos by key. */
function auditView(
  row: CustomerRow,
  parts: {
    referees: RefereeRow[];
    collaterals: CollateralRow[];
    guarantors: GuarantorRow[];
    guarantorCollaterals: GuarantorCollateralRow[];
  },
) {
  return {
    ...customerFields(row),
    address: row.address,
    monthly_income: row.monthlyIncome,
    created_by: row.createdBy,
    passport_photo_key: row.passportPhotoKey,
    national_id_photo_key: row.nationalIdPhotoKey,
    referees: parts.referees.map(toReferee),
    collaterals: parts.collaterals.map(toCollateral),
    guarantors: toGuarantors(parts.guarantors, parts.guarantorCollaterals),
  };
}

// Registration -----------------------------------------------------------------------------------

/** A registration's checked fields and photos (the ID photo is required). */
type Registration = NonNullable<ReturnType<typeof parseRegistration>['fields']>;
interface RegistrationPhotos {
  national_id_photo: InspectedImage;
  passport_photo?: InspectedImage | undefined;
}

/**
 * Step 1: the multipart body checked whole, fields and photos (each photo's content inspected),
 * every problem in one 400, before anything is written.
 */
async function checkRegistration(
  body: unknown,
): Promise<{ fields: Registration; photos: RegistrationPhotos }> {
  const parsed = parseRegistration(body);
  const errors: FieldError[] = [...parsed.errors];
  const photos: Partial<Record<CustomerPhotoField, InspectedImage>> = {};
  for (const field of CUSTOMER_PHOTO_FIELDS) {
    const bytes = parsed.photos[field];
    if (!bytes) continue;
    try {
      photos[field] = await inspectImage(bytes, field);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      errors.push(...error.errors);
    }
  }
  const { fields } = parsed;
  const nationalIdPhoto = photos.national_id_photo;
  if (!fields || !nationalIdPhoto || errors.length > 0) throw new ValidationError(errors);
  return { fields, photos: { national_id_photo: nationalIdPhoto, passport_photo: photos.passport_photo } };
}

/** Step 2: the customer's row in the caller's book. */
const insertCustomerOf = (tx: Executor, fields: Registration, caller: Caller, now: Date) =>
  insertCustomer(tx, {
    firstName: fields.first_name,
    lastName: fields.last_name,
    phone: fields.phone,
    email: fields.email ?? null,
    nationalId: fields.national_id,
    county: fields.county,
    occupation: fields.occupation,
    residenceDetails: fields.residence_details ?? null,
    address: fields.address,
    monthlyIncome: fields.monthly_income === undefined ? null : formatCents(toCents(fields.monthly_income)),
    createdBy: caller.id,
    createdAt: now,
    updatedAt: now,
  });

/** Step 3: the photos' files, recorded in the transaction, and their keys on the customer. */
async function savePhotos(
  tx: Executor,
  files: FileWriter,
  customerId: number,
  photos: RegistrationPhotos,
  caller: Caller,
  now: Date,
): Promise<CustomerRow> {
  const save = (image: InspectedImage, purpose: CustomerPhotoField) =>
    files.saveImage(tx, image, { entity: 'customer', id: customerId, purpose, createdBy: caller.id }, now);
  return setCustomerPhotos(tx, customerId, {
    nationalIdPhotoKey: await save(photos.national_id_photo, 'national_id_photo'),
    passportPhotoKey: photos.passport_photo ? await save(photos.passport_photo, 'passport_photo') : null,
  });
}

/** Step 4: what hangs on the customer: referees, collaterals, guarantors and their collaterals. */
async function insertDependants(tx: Executor, customerId: number, fields: Registration, now: Date) {
  const toCollateralRow = (item: NonNullable<Registration['collaterals']>[number]) => ({
    itemName: item.item_name,
    itemCount: item.item_count,
    additionalDetails: item.additional_details ?? null,
    createdAt: now,
  });
  const referees = await insertReferees(
    tx,
    fields.referees.map((referee) => ({
      customerId,
      name: referee.name,
      idNumber: referee.id_number,
      phoneNumber: referee.phone_number,
      relationship: referee.relationship,
      createdAt: now,
    })),
  );
  const collaterals = await insertCollaterals(
    tx,
    (fields.collaterals ?? []).map((item) => ({ customerId, ...toCollateralRow(item) })),
  );
  const guarantors: GuarantorRow[] = [];
  const guarantorCollaterals: GuarantorCollateralRow[] = [];
  for (const guarantor of fields.guarantors ?? []) {
    const row = await insertGuarantor(tx, {
      customerId,
      name: guarantor.name,
      relationship: guarantor.relationship,
      phoneNumber: guarantor.phone_number,
      createdAt: now,
    });
    guarantors.push(row);
    guarantorCollaterals.push(
      ...(await insertGuarantorCollaterals(
        tx,
        (guarantor.collaterals ?? []).map((item) => ({ guarantorId: row.id, ...toCollateralRow(item) })),
      )),
    );
  }
  return { referees, collaterals, guarantors, guarantorCollaterals };
}

/**
 * Registers a customer from the multipart body (docs/product.md#customers-and-files): the customer, their referees
 * (at least one), collaterals, guarantors with their collaterals, the photos and the audit entry
 * in one transaction, in the caller's book. Everything is checked before anything is written,
 * and files written for a transaction that fails are deleted, so a refused request stores nothing.
 */
export async function registerCustomer(
  ctx: ServiceContext,
  caller: Caller,
  body: unknown,
): Promise<{ id: number }> {
  const { fields, photos } = await checkRegistration(body);
  const conflict = () =>
    new ConflictError(
      `A customer with national ID number ${fields.national_id} already exists`,
      'national_id',
    );
  if (await findCustomerByNationalId(ctx.db, fields.national_id)) throw conflict();
  try {
    const id = await withFileWrites(ctx.files.storage, (files) =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const created = await insertCustomerOf(tx, fields, caller, now);
        const customer = await savePhotos(tx, files, created.id, photos, caller, now);
        const dependants = await insertDependants(tx, customer.id, fields, now);
        await ctx.audit.record(tx, {
          actorId: caller.id,
          action: 'customer.created',
          entity: 'customer',
          entityId: customer.id,
          after: auditView(customer, dependants),
        });
        return customer.id;
      }),
    );
    return { id };
  } catch (error) {
    // Another registration of the same ID committed between the check and the insert.
    if (isUniqueViolation(error, 'customers_national_id_key')) throw conflict();
    throw error;
  }
}

// Reading ----------------------------------------------------------------------------------------

export interface CustomerListRequest {
  page: number;
  search?: string | undefined;
  /** Narrow an admin's list to this officer's book; ignored for an officer (see customerScope). */
  officerId?: number | undefined;
  userId?: number | undefined;
  sort?: CustomerSort | undefined;
  order?: SortOrder | undefined;
  /** Registered from/to these business days (inclusive, in the lender's time zone). */
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Which customers a list request asks for, in which order, within the caller's scope: the one
 * filter the list's pages and its export both read (repository customerListCondition). A range
 * ending before it starts is a 400 naming `from`.
 */
export function customerListFilter(
  ctx: { timeZone: string },
  caller: Caller,
  request: Omit<CustomerListRequest, 'page'>,
): CustomerListFilter {
  const rangeError = dateRangeError(request);
  if (rangeError) throw ValidationError.field('from', rangeError);
  return {
    scope: customerScope(caller, request),
    search: request.search?.trim() || undefined,
    from: request.from,
    to: request.to,
    timeZone: ctx.timeZone,
    sort: request.sort,
    order: request.order,
  };
}

/** One page of the caller's customers, newest first or as sorted, filtered and searched (over every page). */
export async function listCustomersPage(
  ctx: ServiceContext & { timeZone: string },
  caller: Caller,
  request: CustomerListRequest,
): Promise<CustomersPage> {
  const filter = customerListFilter(ctx, caller, request);
  const page = pageRequest(request.page);
  const { rows, total } = await listCustomers(ctx.db, filter, page);
  return { data: rows.map((row) => toCustomer(row, ctx)), meta: pageMeta(page, total, countLimit(page)) };
}

/** The customer with everything registered with them; outside the caller's book it is 404. */
export async function getCustomerDetails(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
): Promise<CustomerDetails> {
  const row = await findCustomer(ctx.db, id, customerScope(caller));
  if (!row) throw notFound(id);
  const [referees, collaterals, guarantors] = await Promise.all([
    listReferees(ctx.db, id),
    listCollaterals(ctx.db, id),
    listGuarantors(ctx.db, id),
  ]);
  const guarantorCollaterals = await listGuarantorCollaterals(
    ctx.db,
    guarantors.map((g) => g.id),
  );
  return {
    customer: toCustomer(row, ctx),
    collaterals: collaterals.map(toCollateral),
    referees: referees.map(toReferee),
    guarantors: toGuarantors(guarantors, guarantorCollaterals),
  };
}

// Phone check ------------------------------------------------------------------------------------

/**
 * Who already has this phone (docs/product.md#form-checks): the customers of the caller's book by
 * name, the others only counted, so that an officer learns no name outside their book. A shared
 * phone is a warning for the person typing, not a refusal: registration accepts it.
 */
export async function checkPhone(
  ctx: ServiceContext,
  caller: Caller,
  query: { phone: string; except?: number | undefined },
): Promise<PhoneCheckResponse> {
  const rows = await findCustomersByPhone(ctx.db, query.phone, query.except, PHONE_CHECK_LIMIT);
  const visible = rows.filter((row) => inBook(caller, row.createdBy));
  return {
    phone: query.phone,
    customers: visible.map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}` })),
    others: rows.length - visible.length,
  };
}

// Deletion ---------------------------------------------------------------------------------------

/**
 * Deletes a customer who has no application and no loan (admins only; the route checks the role):
 * the customer, referees, collaterals, guarantors with their collaterals and the file rows go in
 * one transaction with the audit entry; the files' bytes are deleted once it has committed.
 */
export async function removeCustomer(ctx: ServiceContext, caller: Caller, id: number): Promise<void> {
  const keys = await ctx.db.transaction(async (tx) => {
    // Locked, so that no application can be added for the customer until this commits.
    const customer = await lockCustomer(tx, id);
    if (!customer) throw notFound(id);
    if (await hasApplicationsOrLoans(tx, id)) throw new ConflictError(CUSTOMER_HAS_LOANS);
    // One after another: a transaction is one connection, which runs one query at a time (pg 9
    // refuses queries queued on a busy client).
    const referees = await listReferees(tx, id);
    const collaterals = await listCollaterals(tx, id);
    const guarantors = await listGuarantors(tx, id);
    const guarantorIds = guarantors.map((g) => g.id);
    const guarantorCollaterals = await listGuarantorCollaterals(tx, guarantorIds);

    await deleteCustomer(tx, id);
    const removed = await deleteCustomerFiles(tx, id, guarantorIds);
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'customer.deleted',
      entity: 'customer',
      entityId: id,
      before: {
        ...auditView(customer, { referees, collaterals, guarantors, guarantorCollaterals }),
        files: removed,
      },
    });
    return removed;
  });
  // After the commit: a file that cannot be deleted is left behind unreachable (no row, so no URL serves it).
  await Promise.all(keys.map((key) => ctx.files.storage.delete(key).catch(() => undefined)));
}

// What other modules use of this module's repository, offered here (modules are sealed: another
// module imports a service, never a repository; api/src/modules/README.md).
export { customerListBatches, findCustomer, type CustomerListRow } from './repository';
