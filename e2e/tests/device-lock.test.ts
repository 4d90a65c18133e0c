import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { testOfficer, approveRepayment, recordRepayment } from '../src/api-setup';
import { signIn } from '../src/browser';
import { clockedProduct, officerWithLoan } from '../src/clocked-product';
import { ADMIN, apiLogin, freePort, repoRoot } from '../src/product';

const OFFICER = testOfficer('Peter', 'Kiprop');
const NAME = 'Mercy Chebet';
const clock = clockedProduct('lock');

// The providers are their simulators (docs/integrations.md), started as `npm run demo` starts them:
// Knox Guard confirming each command 2.5 s after it arrives (so that "lock requested" is seen
// first), Africa's Talking reporting each SMS delivered.
const SECRETS = {
  DEVICELOCK_WEBHOOK_SECRET: 'e2e-devicelock-webhook-secret-0123456789',
  SMS_CALLBACK_SECRET: 'e2e-sms-callback-secret-0123456789abcdef',
  MPESA_CALLBACK_SECRET: 'e2e-paybill-callback-secret-0123456789',
};
const simulators: ChildProcess[] = [];
after(() => simulators.forEach((child) => child.kill()));

async function startSimulators(productUrl: string) {
  const [lockPort, smsPort] = [await freePort(), await freePort()];
  const start = (script: string, args: string[]) =>
    simulators.push(
      spawn(process.execPath, [path.join(repoRoot, 'api/dist', script), '--url', productUrl, ...args], {
        stdio: 'ignore',
      }),
    );
  start('devicelock-simulate.js', [
    '--secret',
    SECRETS.DEVICELOCK_WEBHOOK_SECRET,
    '--port',
    String(lockPort),
    '--delay-ms',
    '2500',
  ]);
  start('sms-simulate.js', [
    '--secret',
    SECRETS.SMS_CALLBACK_SECRET,
    '--port',
    String(smsPort),
    '--fail-every',
    '0',
  ]);
  for (const port of [lockPort, smsPort]) {
    for (let tries = 0; ; tries += 1) {
      const up = await fetch(`http://127.0.0.1:${port}/_simulator/mode`, { method: 'POST', body: '{}' }).then(
        (answer) => answer.ok,
        () => false,
      );
      if (up) break;
      if (tries > 100) throw new Error(`simulator on ${port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    ...SECRETS,
    DEVICELOCK_API_URL: `http://127.0.0.1:${lockPort}`,
    SMS_API_URL: `http://127.0.0.1:${smsPort}`,
    OUTBOX_POLL_MS: '250',
  };
}

test('Lock is offered once a phone is waiting (an installment went unpaid), and locks it', async () => {
  // Monday 2 March 2026: a 28-day loan is disbursed; its first installment falls due on 9 March.
  let product = await clock.startAt('2026-03-02T09:00:00+03:00');
  const { loanId } = await officerWithLoan(product.url, {
    officer: OFFICER,
    customer: { firstName: 'Mercy', lastName: 'Chebet', phone: '0722111222', nationalId: '34567890' },
    codes: ['RBA1CD2EF3', 'RBA1CD2EF4'],
  });

  const browser = await clock.browser();
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, product.url, ADMIN.email, ADMIN.password);
  await page.goto(`${product.url}/loans`);
  await page.getByRole('button', { name: `View ${NAME}` }).waitFor();
  assert.equal(
    await page.getByRole('button', { name: `Lock ${NAME}` }).count(),
    0,
    'not offered while active',
  );

  // Tuesday 10 March: the first installment is a day late; the ageing pass at start-up queues the
  // phone. From now on the product talks to the providers' simulators.
  const providers = await startSimulators(product.url);
  product = await clock.restartWith({ LENDER_NOW: '2026-03-10T09:00:00+03:00', ...providers });
  // The same address: the page is still signed in.

  await page.goto(`${product.url}/loans`);

  // A repayment awaiting approval: the server would refuse the lock, so Lock is disabled and says why.
  const repaymentId = await recordRepayment(
    product.url,
    await apiLogin(product.url, OFFICER.email, OFFICER.password),
    { loanId, amount: 100, mpesaCode: 'RBA1CD2EF5' },
  );
  await page.reload();
  const lock = page.getByRole('button', { name: `Lock ${NAME}` });
  await lock.waitFor();
  assert.equal(await lock.isDisabled(), true, 'disabled while a repayment awaits approval');
  await lock.locator('..').hover();
  await page.getByRole('tooltip').getByText('A repayment for this loan is awaiting approval').waitFor();
  // Approved, the small repayment leaves the arrears: the phone still waits and Lock is enabled.
  await approveRepayment(product.url, await apiLogin(product.url, ADMIN.email, ADMIN.password), repaymentId);
  await page.reload();
  await page.getByRole('button', { name: `Lock ${NAME}` }).waitFor();
  assert.equal(await page.getByRole('button', { name: `Lock ${NAME}` }).isEnabled(), true);

  await page.getByRole('button', { name: `Lock ${NAME}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Phone Lock' });
  await confirm.getByText('Are you sure you want to lock this phone?').waitFor();
  await confirm.getByRole('button', { name: /OK|Lock|Yes/ }).click();
  await page.getByText('Phone locked successfully').waitFor();
  await page.getByRole('button', { name: `Lock ${NAME}` }).waitFor({ state: 'detached' });
  await page
    .getByRole('cell', { name: /locked/ })
    .first()
    .waitFor();

  // The phone itself: the loan page shows the lock asked of Knox Guard, then confirmed by it.
  await page.goto(`${product.url}/viewloan/${loanId}`);
  const commands = page
    .getByRole('region', { name: 'Device commands' })
    .or(page.locator('.ant-card', { hasText: 'Device commands' }));
  await page.getByText('lock requested').first().waitFor();
  await commands.getByRole('cell', { name: 'Locked by staff' }).waitFor();
  await page.getByText('lock requested').first().waitFor({ state: 'detached', timeout: 20_000 });
  await commands.getByRole('cell', { name: 'Confirmed' }).waitFor();

  // The customer pays the arrears by paybill (the M-Pesa simulator): without a reload the phone
  // shows unlock requested, then unlocked, and the receipt is among the customer's messages.
  const loan = (await (
    await fetch(`${product.url}/api/loans/${loanId}`, {
      headers: { authorization: `Bearer ${await apiLogin(product.url, ADMIN.email, ADMIN.password)}` },
    })
  ).json()) as { account_number: string; customer_id: number; amount_due: number };
  const { stdout } = await promisify(execFile)(
    'npm',
    [
      'run',
      '--silent',
      'mpesa:simulate',
      '--',
      '--url',
      product.url,
      '--secret',
      SECRETS.MPESA_CALLBACK_SECRET,
      '--account',
      loan.account_number,
      '--amount',
      String(loan.amount_due),
    ],
    { cwd: repoRoot },
  );
  assert.match(stdout, /confirmation: HTTP 200/);
  await commands.getByRole('cell', { name: 'Arrears cleared' }).waitFor({ timeout: 30_000 });
  await page.getByText('phone unlocked').first().waitFor({ timeout: 30_000 });
  const messages = page.locator('.ant-card', { hasText: 'Send message' });
  const paid = loan.amount_due.toLocaleString('en-KE', { minimumFractionDigits: 2 });
  await messages.getByText(`we have received Ksh ${paid}`).waitFor({ timeout: 30_000 });

  await page.goto(`${product.url}/customers/${loan.customer_id}`);
  await page
    .getByText(/we have received Ksh/)
    .first()
    .waitFor();
  await page.getByRole('switch', { name: 'Reminders' }).waitFor();
});
