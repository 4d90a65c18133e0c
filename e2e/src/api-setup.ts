// Data set-up through the HTTP API, for browser tests whose subject is another screen. What a test
// asserts is always done in the browser; these only prepare what it starts from.
import assert from 'node:assert/strict';
import { ADMIN, apiLogin } from './product';

/** A 1×1 PNG: the server recognises photos from their bytes, so it must be a real image. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface StaffMember {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** An officer of a browser test: email `<first name>.<tag>@e2e.test`, and the password every test officer has. */
export const testOfficer = (firstName: string, lastName: string, tag = 'officer'): StaffMember => ({
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}.${tag}@e2e.test`,
  password: 'Officer-pass-2026',
});

async function send(url: string, token: string, method: string, body: FormData | object): Promise<unknown> {
  const isForm = body instanceof FormData;
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(isForm ? {} : { 'content-type': 'application/json' }) },
    body: isForm ? body : JSON.stringify(body),
  });
  const answer = await response.json();
  assert.ok(response.ok, `${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

export async function createStaff(
  baseUrl: string,
  adminToken: string,
  staff: StaffMember,
  role: 'admin' | 'officer',
): Promise<void> {
  const body = new FormData();
  body.append('firstName', staff.firstName);
  body.append('lastName', staff.lastName);
  body.append('email', staff.email);
  body.append('role', role);
  body.append('password', staff.password);
  await send(`${baseUrl}/api/users/register`, adminToken, 'POST', body);
}

/** An officer made by the product's first admin (ADMIN), for a test file's staff. */
export async function createOfficer(baseUrl: string, officer: StaffMember): Promise<void> {
  await createStaff(baseUrl, await apiLogin(baseUrl, ADMIN.email, ADMIN.password), officer, 'officer');
}

export async function registerCustomer(
  baseUrl: string,
  token: string,
  customer: { firstName: string; lastName: string; phone: string; nationalId: string },
): Promise<number> {
  const body = new FormData();
  const fields: Record<string, string> = {
    first_name: customer.firstName,
    last_name: customer.lastName,
    phone: customer.phone,
    national_id: customer.nationalId,
    county: 'Kisumu',
    occupation: 'Fisherman',
    address: 'Dunga Beach, Kisumu',
    'referees[0][name]': 'Akinyi Ouma',
    'referees[0][id_number]': '45678901',
    'referees[0][phone_number]': '0755000444',
    'referees[0][relationship]': 'Sister',
  };
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('national_id_photo', new Blob([PNG], { type: 'image/png' }), 'national-id.png');
  const answer = (await send(`${baseUrl}/api/customerNew`, token, 'POST', body)) as { id: number };
  return answer.id;
}

export async function createProduct(
  baseUrl: string,
  adminToken: string,
  product: { name: string; minAmount: number; maxAmount: number; interestRate: number; durationDays: number },
): Promise<number> {
  const answer = (await send(`${baseUrl}/api/loanProducts`, adminToken, 'POST', {
    description: 'Smartphone on weekly installments',
    ...product,
  })) as { product: { id: number } };
  return answer.product.id;
}

/** Submits a loan application as the officer (pending an admin's decision); returns its id. */
export async function loanApplication(
  baseUrl: string,
  officerToken: string,
  loan: { customerId: number; productId: number; amount: number; imei: string; code: string },
): Promise<number> {
  const application = (await send(`${baseUrl}/api/loansApplication`, officerToken, 'POST', {
    customerId: loan.customerId,
    productId: loan.productId,
    amount: loan.amount,
    purpose: 'Phone for business',
    model: 'Tecno Spark 20',
    imei: loan.imei,
    installmentType: 'weekly',
    mpesaCode: loan.code,
  })) as { id: number };
  return application.id;
}

/** An application submitted by the officer and rejected by the admin with `reason`; returns its id. */
export async function rejectedApplication(
  baseUrl: string,
  tokens: { officer: string; admin: string },
  loan: Parameters<typeof loanApplication>[2],
  reason: string,
): Promise<number> {
  const id = await loanApplication(baseUrl, tokens.officer, loan);
  await send(`${baseUrl}/api/loansApplication/reject/${id}`, tokens.admin, 'PUT', { reason });
  return id;
}

/** An application approved by the admin, its loan waiting for disbursement; returns the loan id. */
export async function approvedLoan(
  baseUrl: string,
  tokens: { officer: string; admin: string },
  loan: { customerId: number; productId: number; amount: number; imei: string; code: string },
): Promise<number> {
  const applicationId = await loanApplication(baseUrl, tokens.officer, loan);
  const approved = (await send(
    `${baseUrl}/api/loansApplication/approve/${applicationId}`,
    tokens.admin,
    'PUT',
    { disbursedAmount: loan.amount },
  )) as { loan_id: number };
  return approved.loan_id;
}

/** Application → approval → disbursement through the API; returns the loan id. */
export async function disbursedLoan(
  baseUrl: string,
  tokens: { officer: string; admin: string },
  loan: { customerId: number; productId: number; amount: number; imei: string; codes: [string, string] },
): Promise<number> {
  const loanId = await approvedLoan(baseUrl, tokens, { ...loan, code: loan.codes[0] });
  await send(`${baseUrl}/api/loans/disburse/${loanId}`, tokens.admin, 'PUT', {
    mpesaCode: loan.codes[1],
  });
  return loanId;
}

/** Records a repayment (pending until an admin approves it); returns its id. */
export async function recordRepayment(
  baseUrl: string,
  token: string,
  repayment: { loanId: number; amount: number; mpesaCode: string },
): Promise<number> {
  const answer = (await send(`${baseUrl}/api/loans/loan-payment`, token, 'POST', {
    ...repayment,
    method: 'mpesa',
  })) as { id: number };
  return answer.id;
}

/** Approves a pending repayment as an admin. */
export async function approveRepayment(baseUrl: string, adminToken: string, id: number): Promise<void> {
  await send(`${baseUrl}/api/repayments/${id}`, adminToken, 'PUT', { status: 'paid' });
}

/** A repayment recorded by the officer and approved by the admin; returns its id. */
export async function paidRepayment(
  baseUrl: string,
  tokens: { officer: string; admin: string },
  repayment: { loanId: number; amount: number; mpesaCode: string },
): Promise<number> {
  const id = await recordRepayment(baseUrl, tokens.officer, repayment);
  await approveRepayment(baseUrl, tokens.admin, id);
  return id;
}

/** Records a promise to pay on a loan (a note of type promise), noted today. */
export async function recordPromise(
  baseUrl: string,
  token: string,
  promise: { loanId: number; today: string; date: string; amount: number },
): Promise<void> {
  await send(`${baseUrl}/api/loans/notes/${promise.loanId}`, token, 'POST', {
    type: 'promise',
    note: 'Promised to pay',
    note_date: promise.today,
    promise_date: promise.date,
    promise_amount: promise.amount,
  });
}
