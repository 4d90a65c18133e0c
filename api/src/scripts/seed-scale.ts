/**
 * `npm run seed:scale -- --loans 1000000`: bulk-loads a lender's book shaped like a real one into
 * the PostgreSQL database of DATABASE_URL, for benchmarks (issue 9). Set-based: every table is
 * filled by `INSERT … SELECT` over generate_series, in committed chunks of loans, never through
 * HTTP or the services (which would take days at this size).
 *
 * Without DATABASE_URL it loads into the embedded PGlite of DATA_DIR (stop the server first).
 *
 * The book, for N loans: N/5 customers (each with a next of kin) over 20 officers, three products
 * (30, 60 and 91 days), N approved applications plus N/20 rejected and N/100 pending, N loans
 * disbursed over the last year in every status and device state with their weekly schedules,
 * about 2N repayments (approved, and pending on one open loan in 25), a note on one loan in ten, an audit row per
 * loan, and monthly targets. The loans' derived figures follow the domain rules (schedule, paid
 * amount, arrears, due date, status, default date); their `next_ageing_on` is left at its default,
 * so the server's first ageing pass examines every open loan (what `bench-ageing` measures).
 *
 * Sign in as admin@lender.local (or ADMIN_EMAIL / ADMIN_PASSWORD) and officer@lender.local /
 * Officer123! (the first of the officers; the others are officer02…officer20@lender.local with
 * the same password). The database must hold no loans yet: create a fresh one to load into.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/book npm run seed:scale -- --loans 1000000 [--customers 200000] [--chunk 100000]
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { secureDataDir } from '../db/data-dir';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { businessDate } from '../domain/clock';
import { serviceContext } from '../modules/service-context';
import { createSystemUser } from '../modules/users/service';
import { pgliteFolder } from '../plugins/database';
import { SEED_OFFICER } from './seed-officer';

const args = process.argv.slice(2);
function intOption(name: string, fallback: number): number {
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(args[index + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`seed:scale: ${name} must be a whole number of at least 1 (got "${args[index + 1]}")`);
    process.exit(2);
  }
  return value;
}

const loanCount = intOption('--loans', 100_000);
const customerCount = intOption('--customers', Math.max(1, Math.floor(loanCount / 5)));
const chunkSize = intOption('--chunk', 100_000);
const OFFICER_COUNT = 20;

const config = loadConfig();

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const log = (message: string) => console.log(`[${seconds()} s] ${message}`);

// Opened and migrated as the server does (before the app, whose plugins must start within 10 s),
// then the first admin and the officers through the server's own code.
if (!config.databaseUrl) secureDataDir(config.dataDir);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: pgliteFolder(config.dataDir),
});
await database.migrate();
const app = await buildApp(config, { database, logger: { level: 'warn' }, serveFrontends: false });
const officerEmails = [
  SEED_OFFICER.email,
  ...Array.from(
    { length: OFFICER_COUNT - 1 },
    (_, k) => `officer${String(k + 2).padStart(2, '0')}@lender.local`,
  ),
];
let today: string;
try {
  await app.ready();
  const ctx = serviceContext(app);
  today = businessDate(ctx.clock.now(), config.timeZone);
  for (const [k, email] of officerEmails.entries()) {
    await createSystemUser(
      ctx,
      { ...SEED_OFFICER, email, firstName: k === 0 ? SEED_OFFICER.firstName : `Officer${k + 1}` },
      'seed:scale',
    );
  }
} finally {
  await app.close();
}

/** The book's database, whichever the driver. */
interface Session {
  rows<T>(text: string): Promise<T[]>;
  /** Runs the statements (separated by `;` at a line's end) in one transaction. */
  transaction(...texts: string[]): Promise<void>;
}

function openSession(handle: DatabaseHandle): Session {
  const statements = (text: string) =>
    text
      .split(/;\s*\n/)
      .map((statement) => statement.trim().replace(/;$/, ''))
      .filter((statement) => statement.replace(/--.*$/gm, '').trim() !== '');
  return {
    // Both drivers' results carry `rows`; the shared Database type does not say so.
    rows: async <T>(text: string) =>
      ((await handle.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows,
    transaction: (...texts) =>
      handle.db.transaction(async (tx) => {
        // Nothing is lost if the machine stops mid-load: the load is started again on a fresh database.
        if (handle.driver === 'postgres')
          await tx.execute(sql.raw(`set local synchronous_commit = off; set local work_mem = '64MB'`));
        for (const statement of texts.flatMap(statements)) await tx.execute(sql.raw(statement));
      }),
  };
}

const session = openSession(database);
try {
  const [held] = await session.rows<{ customers: string; loans: string }>(
    'select (select count(*) from customers)::text as customers, (select count(*) from loans)::text as loans',
  );
  if (Number(held?.customers) > 0 || Number(held?.loans) > 0) {
    console.error(
      `seed:scale: the database already holds ${held?.customers} customers and ${held?.loans} loans; load into a fresh database instead.`,
    );
    process.exitCode = 2;
  } else {
    await load(session);
  }
} finally {
  await database.close();
}

async function load(db: Session) {
  const ids = async (query: string) => (await db.rows<{ id: number }>(query)).map((row) => row.id);
  const [adminId] = await ids(`select id from users where role = 'admin' order by id limit 1`);
  const officerIds = await ids(
    `select id from users where lower(email) in (${officerEmails.map((email) => `'${email}'`).join(', ')}) order by id`,
  );
  if (adminId === undefined || officerIds.length !== OFFICER_COUNT)
    throw new Error('seed:scale: the admin or the officers are missing');

  // Products: mostly 30-day phones, some longer terms (the index is used by the plan below).
  const products = await ids(
    `insert into loan_products (name, description, min_amount, max_amount, interest_rate, duration_days, created_by)
     values ('Scale Smartphone 30', 'Entry smartphone, 4 weekly installments', 5000, 30000, 20, 30, $1),
            ('Scale Smartphone 60', 'Mid-range smartphone, 8 weekly installments', 5000, 60000, 25, 60, $1),
            ('Scale Smartphone 91', 'Premium smartphone, 13 weekly installments', 5000, 90000, 30, 91, $1)
     returning id`.replaceAll('$1', String(adminId)),
  );
  const productArray = `array[${products.join(',')}]`;
  const officerArray = `array[${officerIds.join(',')}]`;
  const zone = config.timeZone.replaceAll("'", "''");
  const day = `'${today}'::date`;
  const at = (date: string, time: string) => `((${date}) + time '${time}') at time zone '${zone}'`;

  await db.transaction(
    `insert into customers (id, first_name, last_name, phone, email, national_id, county, occupation,
                            residence_details, address, monthly_income, created_by, created_at, updated_at)
     overriding system value
     select c,
       (array['Wanjiru','Otieno','Akinyi','Kamau','Njeri','Mwangi','Achieng','Kipchoge','Wambui','Omondi',
              'Chebet','Mutua','Nyambura','Kiprono','Auma','Njoroge','Atieno','Kibet','Wairimu','Ouma',
              'Jepkosgei','Muthoni','Onyango','Cherono','Karanja','Adhiambo','Rotich','Gathoni','Odhiambo','Nduta'])[1 + c % 30],
       (array['Kariuki','Ochieng','Mutai','Wekesa','Maina','Barasa','Kiplagat','Nyaga','Owino','Koech',
              'Gitau','Juma','Langat','Macharia','Were','Korir','Waweru','Okoth','Kimani','Simiyu',
              'Cheruiyot','Ndungu','Odera','Sang','Githinji','Wafula','Kosgei','Mugo','Oduor','Njuguna'])[1 + (c / 30) % 30],
       '+2547' || lpad((c % 100000000)::text, 8, '0'),
       case when c % 3 = 0 then 'customer' || c || '@example.co.ke' end,
       (20000000 + c)::text,
       (array['Nairobi','Mombasa','Kisumu','Nakuru','Kiambu','Machakos','Uasin Gishu','Kakamega','Meru','Kilifi'])[1 + c % 10],
       (array['Boda boda rider','Market trader','Teacher','Farmer','Salon owner','Mechanic','Tailor','Shopkeeper'])[1 + c % 8],
       'Estate ' || (c % 97), 'P.O. Box ' || (c % 9000 + 100),
       15000 + (c % 40) * 1000,
       (${officerArray})[1 + (c - 1) % ${OFFICER_COUNT}],
       now() - make_interval(days => 366 + c % 60, secs => c % 86400),
       now() - make_interval(days => 366 + c % 60, secs => c % 86400)
     from generate_series(1, ${customerCount}) c`,
    `insert into referees (customer_id, name, id_number, phone_number, relationship)
     select c, 'Referee ' || c, (30000000 + c)::text, '+2541' || lpad((c % 100000000)::text, 8, '0'),
            (array['Spouse','Sibling','Parent','Friend'])[1 + c % 4]
     from generate_series(1, ${customerCount}) c`,
  );
  log(`${customerCount} customers with their next of kin`);

  for (let lo = 1; lo <= loanCount; lo += chunkSize) {
    const hi = Math.min(loanCount, lo + chunkSize - 1);
    await db.transaction(
      // One row per loan with everything the inserts below need; a loan's behaviour (h) and age
      // come from its number, so a reload gives the same book.
      `
      create temp table seed_plan on commit drop as
      with base as (
        select i,
          1 + (i - 1) % ${customerCount} as customer_id,
          case when i % 20 < 16 then 1 when i % 20 < 19 then 2 else 3 end as p,
          (8000 + (i * 37) % 40 * 500)::numeric as principal,
          ((i::bigint * 7919) % 365)::int as age,
          ((i::bigint * 2654435761) % 100)::int as h,
          i % 100 = 0 as undisbursed
        from generate_series(${lo}, ${hi}) i
      ), terms as (
        select b.*, (array[30, 60, 91])[p] as d, (array[20, 25, 30])[p]::numeric as rate, (array[4, 8, 13])[p] as n,
          (${productArray})[p] as product_id,
          (${officerArray})[1 + (customer_id - 1) % ${OFFICER_COUNT}] as officer_id
        from base b
      ), amounts as (
        select t.*, round(principal * rate / 100, 2) as interest,
          principal + round(principal * rate / 100, 2) as total,
          round((principal + round(principal * rate / 100, 2)) / n, 2) as inst,
          case when undisbursed then 0 when age >= d then n else least(age / 7, n - 1) end as due_count
        from terms t
      ), behaviour as (
        select a.*,
          case
            when undisbursed then 0
            when age >= d then case when h < 80 then n when h < 88 then due_count / 2 when h < 93 then 0 else due_count / 3 end
            else case when h < 10 then n when h < 60 then due_count when h < 80 then greatest(due_count - 1, 0)
                      when h < 92 then due_count / 2 else 0 end
          end as c,
          not undisbursed and age >= d and h >= 93 as repossessed
        from amounts a
      ), figures as (
        select b.*, ${day} - age as disbursed_on,
          case when c = n then total else inst * c end as paid,
          case when due_count = n then total else inst * due_count end as due_sum,
          case when c < n then case when c + 1 < n then 7 * (c + 1) else d end end as next_due_offset
        from behaviour b
      )
      select f.*,
        ${day} - age + next_due_offset as due_on,
        case
          when undisbursed then 'pending_disbursement'
          when c = n then 'paid'
          when repossessed then 'repossessed'
          when ${day} - (disbursed_on + next_due_offset) > 30 then 'defaulted'
          when due_sum > paid then 'overdue'
          when paid > 0 then 'partially_paid'
          else 'active'
        end as status
      from figures f`,
      `
      insert into mpesa_codes (code, used_for, recorded_by, recorded_at)
      select 'A' || lpad(i::text, 9, '0'), 'application_deposit', officer_id, ${at('disbursed_on - 1', '10:00')}
      from seed_plan
      union all
      select 'D' || lpad(i::text, 9, '0'), 'disbursement', ${adminId}, ${at('disbursed_on', '09:00')}
      from seed_plan where not undisbursed;

      insert into loan_applications (id, customer_id, product_id, officer_id, amount, purpose, model, imei,
                                     mpesa_code, status, decided_by, decided_at, created_at)
      overriding system value
      select i, customer_id, product_id, officer_id, principal, 'Phone purchase',
        (array['Tecno Spark 20','Samsung Galaxy A15','Infinix Hot 40','Nokia C32','Oppo A18','Redmi 13C'])[1 + i % 6],
        '35' || lpad(i::text, 13, '0'), 'A' || lpad(i::text, 9, '0'), 'approved', ${adminId},
        ${at('disbursed_on - 1', '15:00')}, ${at('disbursed_on - 1', '10:00')}
      from seed_plan;

      insert into loans (id, application_id, customer_id, product_id, officer_id, product_name, interest_rate,
        duration_days, late_fee_percent, installment_type, applied_amount, principal, total_interest, total_amount,
        installment_count, installment_amount, penalty, paid_amount, remaining_balance, arrears, status,
        device_status, purpose, model, imei, approved_by, approved_at, disbursement_mpesa_code, disbursed_by,
        disbursement_date, due_date, expected_completion_date, completed_date, default_date, paid_through_date,
        locked_at, repossessed_at, repossessed_balance, created_at, updated_at)
      overriding system value
      select i, i, customer_id, product_id, officer_id,
        (array['Scale Smartphone 30','Scale Smartphone 60','Scale Smartphone 91'])[p], rate, d, 0, 'weekly',
        principal, principal, interest, total, n, inst, 0, paid, total - paid,
        case when undisbursed then 0 else greatest(0, due_sum - paid) end,
        status,
        case status
          when 'pending_disbursement' then null
          when 'paid' then 'purchased'
          when 'repossessed' then 'repossessed'
          when 'defaulted' then case when h % 2 = 0 then 'locked' else 'waiting' end
          when 'overdue' then case when h % 3 = 0 then 'locked' else 'waiting' end
          else 'active'
        end,
        'Phone purchase',
        (array['Tecno Spark 20','Samsung Galaxy A15','Infinix Hot 40','Nokia C32','Oppo A18','Redmi 13C'])[1 + i % 6],
        '35' || lpad(i::text, 13, '0'), ${adminId}, ${at('disbursed_on - 1', '15:00')},
        case when not undisbursed then 'D' || lpad(i::text, 9, '0') end,
        case when not undisbursed then ${adminId} end,
        case when not undisbursed then ${at('disbursed_on', '09:00')} end,
        case when status <> 'pending_disbursement' and status <> 'paid' then due_on end,
        case when not undisbursed then disbursed_on + d end,
        case when status = 'paid' then disbursed_on + least(age, case when c < n then 7 * c else d end) end,
        case when status = 'defaulted' then due_on + 31 end,
        -- A paid loan is paid through its last installment; the open ones' come from the ageing pass.
        case when status = 'paid' then disbursed_on + d end,
        case when status in ('defaulted', 'overdue') and h % 2 = 0 then ${at(`least(${day}, due_on + 3)`, '11:00')} end,
        case when status = 'repossessed' then ${at(`least(${day}, disbursed_on + d + 20)`, '11:00')} end,
        -- Nothing collected after the phone was taken: what was owed then is what is owed now.
        case when status = 'repossessed' then total - paid end,
        ${at('disbursed_on - 1', '15:00')}, now()
      from seed_plan;

      insert into loan_installments (loan_id, number, due_date, amount)
      select i, k, disbursed_on + case when k < n then 7 * k else d end,
        case when k < n then inst else total - inst * (n - 1) end
      from seed_plan, generate_series(1, n) k
      where not undisbursed;

      -- Approved repayments: the amount paid, in 1 to 4 parts, each on the due date of the
      -- installment it reaches (or today, for early payers).
      create temp table seed_repayments on commit drop as
      select i, customer_id, officer_id, j,
        case when j < r then round(paid / r, 2) else paid - round(paid / r, 2) * (r - 1) end as amount,
        disbursed_on + least(age, case when q < n then 7 * q else d end) as paid_on,
        disbursed_on + case when q < n then 7 * q else d end as due_on
      from (select s.*, least(c, 1 + i % 4) as r from seed_plan s) s,
        lateral generate_series(1, s.r) j,
        lateral (select greatest(1, ceil(c * j::numeric / r)::int) as q) qq
      where c > 0;
      -- A pending repayment on one open loan in 25 (awaiting approval: such a phone may not be
      -- locked).
      insert into seed_repayments
      select i, customer_id, officer_id, 5, least(inst, total - paid), ${day}, due_on
      from seed_plan where status in ('active', 'partially_paid', 'overdue', 'defaulted') and i % 25 = 0;

      insert into mpesa_codes (code, used_for, recorded_by, recorded_at)
      select 'R' || lpad(((i - 1) * 6 + j)::text, 9, '0'), 'repayment', officer_id, ${at('paid_on', '10:00')}
      from seed_repayments;

      insert into repayments (loan_id, customer_id, amount, mpesa_code, method, status, paid_date, due_date,
                              created_by, created_at, approved_by, approved_at)
      select i, customer_id, amount, 'R' || lpad(((i - 1) * 6 + j)::text, 9, '0'), 'mpesa',
        case j when 5 then 'pending' else 'paid' end,
        paid_on, due_on, officer_id, ${at('paid_on', '10:00')},
        case when j <> 5 then ${adminId} end,
        case when j <> 5 then ${at('paid_on', '15:00')} end
      from seed_repayments;

      insert into loan_notes (loan_id, note, note_date, created_by, created_at)
      select i, (array['Called the customer; promised to pay on Friday.', 'Customer travelled upcountry, will pay next week.',
                       'Visited the shop; phone in use, customer paying in parts.'])[1 + i % 3],
        least(${day}, disbursed_on + 10), officer_id, ${at(`least(${day}, disbursed_on + 10)`, '12:00')}
      from seed_plan where not undisbursed and i % 10 = 0;

      insert into audit_log (actor_id, action, entity, entity_id, loan_id, before, after, at)
      select ${adminId}, case when undisbursed then 'loan.approved' else 'loan.disbursed' end, 'loan', i::text, i,
        null, jsonb_build_object('status', status, 'seed', 'seed:scale'),
        case when undisbursed then ${at('disbursed_on - 1', '15:00')} else ${at('disbursed_on', '09:00')} end
      from seed_plan;
    `,
    );
    log(`loans ${lo}–${hi}`);
  }

  // Applications that did not become loans: rejected ones, and one pending application each for
  // the first customers (at most one pending per customer and per phone).
  const rejected = Math.floor(loanCount / 20);
  const pending = Math.min(customerCount, Math.floor(loanCount / 100));
  await db.transaction(
    `
    create temp table seed_other on commit drop as
    select ${loanCount} + k as id, k, case when k <= ${rejected} then 'rejected' else 'pending' end as status,
      case when k <= ${rejected} then 1 + (k * 7) % ${customerCount} else k - ${rejected} end as customer_id,
      case when k <= ${rejected} then ${day} - (k % 365) else ${day} - (k % 3) end as applied_on
    from generate_series(1, ${rejected + pending}) k;

    insert into mpesa_codes (code, used_for, recorded_by, recorded_at)
    select 'A' || lpad(id::text, 9, '0'), 'application_deposit', ${adminId}, ${at('applied_on', '10:00')}
    from seed_other;

    insert into loan_applications (id, customer_id, product_id, officer_id, amount, purpose, model, imei, mpesa_code,
                                   status, rejection_reason, decided_by, decided_at, created_at)
    overriding system value
    select o.id, o.customer_id, (${productArray})[1 + o.k % 3], c.created_by, 10000 + (o.k % 20) * 500, 'Phone purchase',
      'Tecno Spark 20', '36' || lpad(o.k::text, 13, '0'), 'A' || lpad(o.id::text, 9, '0'), o.status,
      case when o.status = 'rejected' then 'Income too low for the installment' end,
      case when o.status = 'rejected' then ${adminId} end,
      case when o.status = 'rejected' then ${at('o.applied_on', '16:00')} end,
      ${at('o.applied_on', '10:00')}
    from seed_other o join customers c on c.id = o.customer_id;
  `,
    // Targets for the last twelve months and this one, for the company and each officer.
    `
    insert into monthly_targets (officer_id, year, month, kind, amount, set_by)
    select officer_id, extract(year from m)::int, extract(month from m)::int, kind,
      case when officer_id is null then 20 else 1 end * case kind when 'disbursement' then 2500000 else 2000000 end
        * greatest(1, ${loanCount} / 100000), ${adminId}
    from generate_series(date_trunc('month', ${day}) - interval '12 months', date_trunc('month', ${day}), interval '1 month') m,
      unnest(array['disbursement', 'collection']) kind,
      unnest(array[null, ${officerIds.join(',')}]::int[]) officer_id;
  `,
  );
  log(`${rejected} rejected and ${pending} pending applications, monthly targets`);

  for (const table of ['customers', 'loan_applications', 'loans']) {
    await db.rows(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
  // VACUUM, not only ANALYZE: a freshly loaded table has no visibility map, so the lists' capped
  // counts (index-only scans) would visit the heap for every row (180 ms instead of 1 ms at 1M).
  await db.rows(`vacuum (analyze)`);
  log('vacuumed and analysed');

  const counts = await db.rows<{ table: string; rows: string }>(`
    select 'customers' as table, count(*)::text as rows from customers
    union all select 'loans', count(*)::text from loans
    union all select 'open loans', count(*)::text from loans where status not in ('paid', 'pending_disbursement')
    union all select 'installments', count(*)::text from loan_installments
    union all select 'repayments', count(*)::text from repayments
    union all select 'applications', count(*)::text from loan_applications
    union all select 'notes', count(*)::text from loan_notes
    union all select 'audit rows', count(*)::text from audit_log`);
  const byStatus = await db.rows<{ status: string; device: string | null; n: string }>(
    `select status, device_status as device, count(*)::text as n from loans group by 1, 2 order by 1, 2`,
  );
  log(`book loaded as of ${today}:`);
  for (const row of counts) console.log(`  ${row.table.padEnd(14)} ${row.rows}`);
  console.log('  loans by status and device status:');
  for (const row of byStatus)
    console.log(`    ${row.status.padEnd(22)} ${(row.device ?? '—').padEnd(12)} ${row.n}`);
}
