import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema';
import { fixtureApplication, fixtureCustomer } from '../../../test/fixtures';
import { EXPORT_BATCH_ROWS } from '../pagination';
import { repaymentBook } from '../../../test/support/repayments';
import { buildWithStaff, csvExport, csvRows, REPAYMENTS_CSV_HEADER } from '../../../test/support/exports';

test('the customers list exports as CSV: filtered, sorted and scoped as on screen, income as a number, dates in Nairobi time', async (t) => {
  const { ctx, people } = await buildWithStaff(t);
  const add = async (officerId: number, firstName: string, at: string, monthlyIncome: string | null) => {
    const customer = await fixtureCustomer(ctx.db, officerId, { firstName, lastName: 'Kamau' });
    await ctx.db
      .update(customers)
      .set({ createdAt: new Date(at), monthlyIncome })
      .where(eq(customers.id, customer.id));
  };
  // 21:30 UTC on 1 March is 00:30 on 2 March in Nairobi.
  await add(people.officerAId, 'Zawadi', '2025-03-01T21:30:00Z', '13440.5');
  await add(people.officerAId, 'Achieng', '2025-02-20T08:00:00Z', null);
  await add(people.officerBId, 'Baraka', '2025-03-02T08:00:00Z', '25000');

  const url = '/api/exports/customers.csv?sort=name&order=desc';
  const lines = await csvExport(ctx.app, url, people.admin, {
    filename: 'customers-2025-03-03.csv',
    header:
      'Customer ID,First Name,Last Name,National ID,Phone,Email,County,Occupation,Address,Monthly Income,Registered By,Registered',
  });
  assert.deepEqual(
    lines.slice(1).map((line) => line.split(',')[1]),
    ['Zawadi', 'Baraka', 'Achieng'],
  );
  const zawadi = lines[1]?.split(',') ?? [];
  assert.equal(zawadi[9], '13440.50');
  assert.equal(zawadi[11], '2025-03-02');
  assert.match(zawadi[4] ?? '', /^"=""\+2547\d{8}"""$/, 'the phone as international text');
  assert.equal(lines[3]?.split(',')[9], '', 'no income given: an empty cell');

  const filtered = async (query: string, headers = people.admin) =>
    csvRows((await ctx.app.inject({ url: `/api/exports/customers.csv?${query}`, headers })).body)
      .slice(1)
      .map((line) => line.split(',')[1]);
  assert.deepEqual(await filtered('from=2025-03-02&sort=name'), ['Baraka', 'Zawadi']);
  assert.deepEqual(await filtered(`officerId=${people.officerBId}`), ['Baraka']);
  // An officer exports only their own book, whatever the query names.
  assert.deepEqual(await filtered(`officerId=${people.officerBId}&sort=name`, people.officerA), [
    'Achieng',
    'Zawadi',
  ]);
  assert.deepEqual(await filtered('search=zawa'), ['Zawadi']);

  const backwards = await ctx.app.inject({
    url: '/api/exports/customers.csv?from=2025-03-03&to=2025-03-01',
    headers: people.admin,
  });
  assert.equal(backwards.statusCode, 400);
  assert.equal(backwards.json().errors?.[0]?.field, 'from');
  const badSort = await ctx.app.inject({
    url: '/api/exports/customers.csv?sort=phone',
    headers: people.admin,
  });
  assert.equal(badSort.statusCode, 400);
  assert.match(badSort.json().message, /sort must be one of name, registered/);
});

test('a customers export longer than a batch continues after the last row of each batch: everyone once, in order', async (t) => {
  const { ctx, people } = await buildWithStaff(t);
  const count = EXPORT_BATCH_ROWS + 5;
  // Many alike names: the id breaks the ties, in the export as in the list.
  await ctx.db.insert(customers).values(
    Array.from({ length: count }, (_, i) => ({
      firstName: i % 2 === 0 ? 'Wanjiru' : 'Otieno',
      lastName: 'Kamau',
      phone: `+2547${String(30_000_000 + i).slice(-8)}`,
      nationalId: String(40_000_000 + i),
      county: 'Nairobi',
      occupation: 'Trader',
      address: 'Gikomba',
      createdBy: people.officerAId,
    })),
  );
  const exported = await ctx.app.inject({
    url: '/api/exports/customers.csv?sort=name',
    headers: people.admin,
  });
  const rows = csvRows(exported.body)
    .slice(1)
    .map((line) => line.split(','));
  assert.equal(rows.length, count);
  const ids = rows.map((row) => Number(row[0]));
  assert.equal(new Set(ids).size, count, 'no row twice');
  const expected = [...rows].sort(
    (a, b) => (a[1] ?? '').localeCompare(b[1] ?? '') || Number(a[0]) - Number(b[0]),
  );
  assert.deepEqual(
    ids,
    expected.map((row) => Number(row[0])),
  );
});

test('a repayment list exports as CSV: filtered, sorted and scoped as on screen, amounts as numbers', async (t) => {
  const { app, people } = await repaymentBook(t);
  const url = '/api/exports/repayments.csv?list=pending&sort=amount&order=desc';
  const lines = await csvExport(app, url, people.admin, {
    filename: 'pending-repayments-2025-03-03.csv',
    header: REPAYMENTS_CSV_HEADER,
  });
  const cells = lines.slice(1).map((line) => line.split(','));
  assert.deepEqual(
    cells.map((row) => [row[2], row[3], row[4], row[5], row[9]]),
    [
      ['Chebet Kamau', '1500.00', 'QCC0000001', '2025-03-03', 'Pending approval'],
      ['Baraka Kamau', '1000.00', 'QBB0000001', '2025-03-02', 'Pending approval'],
      ['Achieng Kamau', '500.00', 'QAA0000001', '2025-03-01', 'Pending approval'],
    ],
  );
  assert.equal(cells[0]?.[8], '2025-03-03');

  const customersOf = async (query: string, headers = people.admin) =>
    csvRows((await app.inject({ url: `/api/exports/repayments.csv?${query}`, headers })).body)
      .slice(1)
      .map((line) => line.split(',')[2]);
  assert.deepEqual(await customersOf('list=pending&from=2025-03-02&to=2025-03-02'), ['Baraka Kamau']);
  assert.deepEqual(await customersOf(`list=pending&officerId=${people.officerBId}`), ['Baraka Kamau']);
  assert.deepEqual(await customersOf('list=pending&sort=paid_date', people.officerA), [
    'Achieng Kamau',
    'Chebet Kamau',
  ]);
  assert.deepEqual(await customersOf('list=pending&search=QBB'), ['Baraka Kamau']);
  assert.deepEqual(await customersOf('list=approved'), []);
  // All Repayments exports too: every status, each as its label.
  const all = csvRows(
    (await app.inject({ url: '/api/exports/repayments.csv?list=all&sort=amount', headers: people.admin }))
      .body,
  );
  assert.deepEqual(
    all.slice(1).map((line) => [line.split(',')[2], line.split(',')[9]]),
    [
      ['Achieng Kamau', 'Pending approval'],
      ['Baraka Kamau', 'Pending approval'],
      ['Chebet Kamau', 'Pending approval'],
    ],
  );

  const noList = await app.inject({ url: '/api/exports/repayments.csv', headers: people.admin });
  assert.equal(noList.statusCode, 400);
  assert.match(noList.json().message, /list must be one of pending, approved, all/);
  const backwards = await app.inject({
    url: '/api/exports/repayments.csv?list=approved&from=2025-03-03&to=2025-03-01',
    headers: people.admin,
  });
  assert.equal(backwards.statusCode, 400);
  assert.equal(backwards.json().errors?.[0]?.field, 'from');
});

test('the pending and rejected application lists export as CSV: scoped, sorted and filtered as on screen, a rejection with its reason', async (t) => {
  const { ctx, people } = await buildWithStaff(t);
  const apply = async (officerId: number, firstName: string, principal: string) => {
    const customer = await fixtureCustomer(ctx.db, officerId, { firstName, lastName: 'Kamau' });
    return (await fixtureApplication(ctx.db, customer.id, officerId, { principal })).application;
  };
  const zawadi = await apply(people.officerAId, 'Zawadi', '12000.00');
  const achieng = await apply(people.officerAId, 'Achieng', '8000.00');
  const baraka = await apply(people.officerBId, 'Baraka', '20000.00');
  const rejected = await ctx.app.inject({
    method: 'PUT',
    url: `/api/loansApplication/reject/${achieng.id}`,
    headers: people.admin,
    payload: { reason: 'Income, not verified' },
  });
  assert.equal(rejected.statusCode, 200, rejected.body);

  const pending = await csvExport(
    ctx.app,
    '/api/exports/applications.csv?list=pending&sort=amount&order=desc',
    people.admin,
    {
      filename: 'pending-applications-2025-03-03.csv',
      header:
        'Application ID,Customer,National ID,Phone,Monthly Income,Product,Amount,Purpose,Phone Model,IMEI,Submitted',
    },
  );
  assert.deepEqual(
    pending.slice(1).map((line) => line.split(',').slice(0, 2)),
    [
      [String(baraka.id), 'Baraka Kamau'],
      [String(zawadi.id), 'Zawadi Kamau'],
    ],
  );
  const zawadiLine = pending[2]?.split(',') ?? [];
  assert.match(zawadiLine[3] ?? '', /^"=""\+2547\d{8}"""$/, 'the phone as international text');
  assert.equal(zawadiLine[6], '12000.00');
  assert.match(zawadiLine[10] ?? '', /^\d{4}-\d{2}-\d{2}$/, 'the submission day, a business date');

  // An officer exports only their own customers' applications, whatever the query names.
  const mine = csvRows(
    (
      await ctx.app.inject({
        url: `/api/exports/applications.csv?list=pending&officerId=${people.officerBId}`,
        headers: people.officerA,
      })
    ).body,
  );
  assert.deepEqual(
    mine.slice(1).map((line) => line.split(',')[0]),
    [String(zawadi.id)],
  );

  const rejections = await csvExport(
    ctx.app,
    '/api/exports/applications.csv?list=rejected',
    people.officerA,
    {
      filename: 'rejected-applications-2025-03-03.csv',
      header:
        'Application ID,Customer,National ID,Phone,Monthly Income,Product,Amount,Purpose,Phone Model,IMEI,Submitted,Rejected,Occupation,Address,Rejection Reason',
    },
  );
  assert.equal(rejections.length, 2);
  assert.equal(rejections[1]?.split(',')[0], String(achieng.id));
  assert.match(rejections[1] ?? '', /,2025-03-03,[^,]*,[^,]*,"Income, not verified"$/);

  const bad = await ctx.app.inject({
    url: '/api/exports/applications.csv?list=approved',
    headers: people.admin,
  });
  assert.equal(bad.statusCode, 400);
  assert.match(bad.json().message, /list must be one of pending, rejected/);
  const backwards = await ctx.app.inject({
    url: '/api/exports/applications.csv?list=rejected&from=2025-03-04&to=2025-03-01',
    headers: people.admin,
  });
  assert.equal(backwards.statusCode, 400);
  assert.equal(backwards.json().errors?.[0]?.field, 'from');
});

test('the staff list exports as CSV for admins only (role and sort as on screen), and the loan products for all staff', async (t) => {
  const { ctx, people } = await buildWithStaff(t);
  const staffLines = await csvExport(
    ctx.app,
    '/api/exports/users.csv?role=officer&sort=email',
    people.admin,
    {
      filename: 'officer-users-2025-03-03.csv',
      header: 'User ID,First Name,Last Name,Email,Role,Status,Created,Last Sign-in',
    },
  );
  assert.deepEqual(
    staffLines.slice(1).map((line) => line.split(',').slice(3, 6)),
    [
      ['a@lender.local', 'Officer', 'Active'],
      ['b@lender.local', 'Officer', 'Active'],
    ],
  );
  const refused = await ctx.app.inject({ url: '/api/exports/users.csv', headers: people.officerA });
  assert.equal(refused.statusCode, 403);
  const badRole = await ctx.app.inject({ url: '/api/exports/users.csv?role=root', headers: people.admin });
  assert.equal(badRole.statusCode, 400);

  await ctx.app.inject({
    method: 'POST',
    url: '/api/loanProducts',
    headers: people.admin,
    payload: {
      name: 'Tecno Weekly',
      minAmount: 5000,
      maxAmount: 30000,
      interestRate: 12.5,
      durationDays: 91,
    },
  });
  const products = await csvExport(ctx.app, '/api/exports/products.csv', people.officerA, {
    filename: 'loan-products-2025-03-03.csv',
    header: 'Product ID,Name,Description,Minimum Amount,Maximum Amount,Interest Rate (%),Duration (days)',
  });
  assert.match(products.at(-1) ?? '', /^\d+,Tecno Weekly,,5000\.00,30000\.00,12\.5,91$/);
});
