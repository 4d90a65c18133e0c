import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { desktopPage, openMenuItem } from '../src/browser';
import { createOfficer, PNG, registerCustomer, testOfficer } from '../src/api-setup';
import { ADMIN, apiLogin, type RunningProduct } from '../src/product';
import { productForFile } from '../src/product-for-file';

const OFFICER = testOfficer('Brian', 'Otieno');

const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

let product: RunningProduct;
let browser: Browser;

productForFile(async (opened) => {
  ({ product, browser } = opened);
  await createOfficer(product.url, OFFICER);
});

/** A customer registered through the API by `token`'s user: "First Last", phone, national ID. */
function registered(token: string, name: string, phone: string, nationalId: string): Promise<number> {
  const [firstName, lastName] = name.split(' ') as [string, string];
  return registerCustomer(product.url, token, { firstName, lastName, phone, nationalId });
}

/** A page of its own session, signed in as `staff` when given. */
const freshPage = (staff?: { email: string; password: string }) =>
  desktopPage(browser, staff && { baseUrl: product.url, ...staff });

async function fill(scope: Locator, label: string, value: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).fill(value);
}

async function fillNextOfKin(
  page: Page,
  position: number,
  kin: { name: string; idNumber: string; phone: string; relationship: string },
): Promise<void> {
  const group = page.getByRole('group', { name: `Next of Kin ${position}`, exact: true });
  await fill(group, 'Name', kin.name);
  await fill(group, 'ID Number', kin.idNumber);
  await fill(group, 'Phone Number', kin.phone);
  await fill(group, 'Relationship', kin.relationship);
}

describe('customers', () => {
  test('an officer registers a customer with two next of kin, a collateral and a guarantor, finds them, views them and applies', async () => {
    const { context, page } = await freshPage(OFFICER);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // Register
    await openMenuItem(page, 'Register Customer', 'Customers');
    await page.waitForURL(`${product.url}/register-customer`);
    await page.getByRole('heading', { name: 'New Customer Registration' }).waitFor();

    const personal = page.getByRole('region', { name: 'Personal Information' });
    await fill(personal, 'First Name', 'Jane');
    await fill(personal, 'Last Name', 'Wanjiru');
    await fill(personal, 'Phone Number', '0712345678');
    await fill(personal, 'Email (optional)', 'jane.wanjiru@example.com');
    await fill(personal, 'National ID', '12345678');
    await fill(personal, 'County', 'Nairobi');
    await fill(personal, 'Occupation', 'Teacher');
    await fill(personal, 'Monthly Income', '25000');
    await fill(personal, 'Address', 'Kawangware, Nairobi');
    await personal.getByLabel('Passport Photo', { exact: true }).setInputFiles(photo('passport.png'));
    await personal.getByLabel('National ID Photo', { exact: true }).setInputFiles(photo('national-id.png'));
    await personal.getByText('national-id.png').waitFor();

    await fillNextOfKin(page, 1, {
      name: 'Peter Kamau',
      idNumber: '23456789',
      phone: '0722000111',
      relationship: 'Brother',
    });
    await page.getByRole('button', { name: 'Add Next of Kin' }).click();
    await fillNextOfKin(page, 2, {
      name: 'Mary Njeri',
      idNumber: '34567890',
      phone: '0733000222',
      relationship: 'Mother',
    });

    await page.getByRole('button', { name: 'Add Collateral', exact: true }).click();
    const collateral = page.getByRole('group', { name: 'Collateral 1', exact: true });
    await fill(collateral, 'Item Name', 'Television');
    await fill(collateral, 'Item Count', '2');
    await fill(collateral, 'Additional Details', '32 inch Samsung');

    await page.getByRole('button', { name: 'Add Guarantor' }).click();
    const guarantor = page.getByRole('group', { name: 'Guarantor 1', exact: true });
    await fill(guarantor, 'Name', 'Grace Achieng');
    await fill(guarantor, 'Relationship', 'Employer');
    await fill(guarantor, 'Phone Number', '0744000333');
    await page.getByRole('button', { name: 'Add Collateral for Guarantor 1' }).click();
    await fill(page.getByRole('group', { name: 'Guarantor 1 Collateral 1' }), 'Item Name', 'Motorbike');

    const registered = page.waitForResponse(
      (response) => response.url().endsWith('/api/customerNew') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const registration = await registered;
    const registrationBody = (await registration.json()) as { id?: number; message?: string };
    assert.equal(registration.status(), 201, `registered: ${JSON.stringify(registrationBody)}`);
    await page.getByText('Customer registered successfully').waitFor();
    await page.waitForURL(`${product.url}/customers`);

    // Find by search (the server searches every page); the search stays in the URL
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('Wanjiru');
    await page.waitForURL(/\/customers\?search=Wanjiru$/);
    const row = page.getByRole('row').filter({ hasText: 'Jane Wanjiru' });
    await row.waitFor();
    await row.getByText('Teacher').waitFor();
    await row.getByRole('cell', { name: '12345678', exact: true }).waitFor();
    await row.getByText(`${OFFICER.firstName} ${OFFICER.lastName}`).waitFor();
    assert.equal(
      await page.getByRole('button', { name: 'Delete Jane Wanjiru' }).count(),
      0,
      'no Delete for an officer',
    );

    // View
    await page.getByRole('button', { name: 'View Jane Wanjiru' }).click();
    const dialog = page.getByRole('dialog', { name: 'Customer Details' });
    await dialog.getByText('Peter Kamau').waitFor();
    await dialog.getByText('Mary Njeri').waitFor();
    await dialog
      .getByRole('table', { name: 'Collaterals of Jane Wanjiru' })
      .getByText('Television')
      .waitFor();
    await dialog.getByText('Grace Achieng', { exact: true }).waitFor();
    await dialog
      .getByRole('table', { name: 'Collaterals of Grace Achieng' })
      .getByText('Motorbike')
      .waitFor();
    await dialog.getByText('Ksh 25,000.00').waitFor();
    const idPhoto = dialog.getByRole('img', { name: 'National ID photo of Jane Wanjiru' });
    await idPhoto.waitFor();
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await idPhoto.elementHandle(),
    );
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // Apply
    await page.getByRole('button', { name: 'Apply for Jane Wanjiru' }).click();
    await page.waitForURL(`${product.url}/loan-application`);
    assert.equal(await page.evaluate(() => localStorage.getItem('customerId')), String(registrationBody.id));

    // Back keeps the search
    await page.goBack();
    await page.waitForURL(/\/customers\?search=Wanjiru$/);
    assert.equal(await page.getByRole('searchbox', { name: 'Search customers' }).inputValue(), 'Wanjiru');
    await page.getByRole('row').filter({ hasText: 'Jane Wanjiru' }).waitFor();
    await context.close();
  });

  test("an admin edits a customer's details on the customer page; an officer has no Edit", async () => {
    // Registered by the officer: in their book, so that they can open the page too.
    const token = await apiLogin(product.url, OFFICER.email, OFFICER.password);
    const id = await registered(token, 'Mercy Atieno', '0777000111', '67890123');
    const { context, page } = await freshPage(ADMIN);
    await page.goto(`${product.url}/customers/${id}`);
    await page.getByRole('heading', { name: 'Mercy Atieno' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    // No loan or application yet: the national ID may still be corrected.
    assert.equal(await dialog.getByLabel('National ID').isEnabled(), true);
    // The customer's own phone comes first; each next of kin has one too, in its group.
    await dialog.getByLabel('Phone Number', { exact: true }).first().fill('0788 222 333');
    await dialog.getByLabel('Occupation').fill('Boda boda rider');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Customer updated successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The page shows the stored values (the phone as the server normalised it), also after a reload.
    await page.reload();
    await page.getByText('Boda boda rider').waitFor();
    await page.getByText('+254788222333').first().waitFor();
    await context.close();

    const officer = await freshPage(OFFICER);
    await officer.page.goto(`${product.url}/customers/${id}`);
    await officer.page.getByRole('heading', { name: 'Mercy Atieno' }).waitFor();
    assert.equal(await officer.page.getByRole('button', { name: 'Edit' }).count(), 0);
    await officer.context.close();
  });

  test('an admin deletes a customer after the browser asks to confirm', async () => {
    const token = await apiLogin(product.url, ADMIN.email, ADMIN.password);
    await registered(token, 'Otieno Omondi', '0766000555', '56789012');
    const { context, page } = await freshPage(ADMIN);
    await page.goto(`${product.url}/customers?search=Omondi`);
    const deleteButton = page.getByRole('button', { name: 'Delete Otieno Omondi' });

    // Cancel keeps the customer; the confirmation names them.
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this customer?' });
    await deleteButton.click();
    await confirm.getByText('Otieno Omondi').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    assert.equal(await deleteButton.count(), 1, 'still listed after Cancel');

    // Delete deletes.
    await deleteButton.click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Customer deleted successfully').waitFor();
    await page.getByRole('row').filter({ hasText: 'Otieno Omondi' }).waitFor({ state: 'detached' });
    await page.getByText('No customers match "Omondi".').waitFor();
    await context.close();
  });

  test('an admin sorts the customers by a header click, filters by officer, keeps both on reload, and exports the filtered list', async () => {
    const adminToken = await apiLogin(product.url, ADMIN.email, ADMIN.password);
    const officerToken = await apiLogin(product.url, OFFICER.email, OFFICER.password);
    await registered(adminToken, 'Akinyi Adhiambo', '0766000111', '61234567');
    await registered(officerToken, 'Zablon Kiptoo', '0766000222', '62345678');
    const { context, page } = await freshPage(ADMIN);
    await page.goto(`${product.url}/customers`);
    const table = page.getByRole('table', { name: 'All Customers' });
    await table.getByText('Zablon Kiptoo').waitFor();

    await table.getByRole('columnheader', { name: 'Name' }).click();
    await page.waitForURL(/\/customers\?sort=name&order=asc$/);
    const firstRow = () => table.getByRole('row').nth(1);
    await firstRow().getByText('Akinyi Adhiambo').waitFor();
    await table.getByRole('columnheader', { name: 'Name' }).click();
    await page.waitForURL(/sort=name&order=desc$/);
    await firstRow().getByText('Zablon Kiptoo').waitFor();

    // The pointer leaves the header, as a person's hand goes to the filters.
    await page.mouse.move(0, 0);
    await page.getByRole('combobox', { name: 'Officer' }).click();
    await page.getByTitle('Brian Otieno', { exact: true }).click();
    await page.waitForURL(/sort=name&order=desc&officerId=\d+$/);
    await table.getByRole('row').filter({ hasText: 'Akinyi Adhiambo' }).waitFor({ state: 'detached' });
    await table.getByText('Zablon Kiptoo').waitFor();

    await page.reload();
    await table.getByText('Zablon Kiptoo').waitFor();
    assert.match(page.url(), /sort=name&order=desc&officerId=\d+$/);
    assert.equal(await table.getByText('Akinyi Adhiambo').count(), 0, 'still filtered after a reload');
    await page.getByRole('group', { name: 'Filter customers' }).getByText('Brian Otieno').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.match(lines[0] ?? '', /^Customer ID,First Name,Last Name,National ID,Phone,/);
    assert.ok(lines.some((line) => line.includes(',Zablon,Kiptoo,62345678,"=""+254766000222""",')));
    assert.ok(
      !lines.some((line) => line.includes('Akinyi')),
      "the export holds the officer's customers only",
    );
    assert.ok(lines.slice(1).every((line) => line.includes(',Brian Otieno,')));

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(/\/customers\?sort=name&order=desc$/);
    await table.getByText('Akinyi Adhiambo').waitFor();
    await context.close();
  });
  test('the registration says every missing field at once before sending, warns by name of a phone already used, and shows a taken national ID on its field', async () => {
    const token = await apiLogin(product.url, OFFICER.email, OFFICER.password);
    const halima = await registered(token, 'Halima Yusuf', '0799000111', '29000111');
    const { context, page } = await freshPage(OFFICER);
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/customerNew'))
        writes.push(request.url());
    });
    await page.goto(`${product.url}/register-customer`);
    const personal = page.getByRole('region', { name: 'Personal Information' });
    await fill(personal, 'First Name', 'Amina');
    await fill(personal, 'Phone Number', '0712 34');

    // Submit with most fields empty or wrong: every message at once, nothing sent.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    for (const message of [
      'Last Name is required',
      'Phone number must be a Kenyan mobile number such as 0712345678 or +254712345678',
      'National ID is required',
      'County is required',
      'Occupation is required',
      'Address is required',
      'National ID Photo is required',
      'Next of kin name is required',
      'Next of kin phone number is required',
    ]) {
      await page.getByText(message, { exact: true }).first().waitFor();
    }
    assert.deepEqual(writes, [], 'nothing is sent while a field is wrong');
    const lastName = personal.getByLabel('Last Name', { exact: true });
    assert.equal(await lastName.getAttribute('aria-invalid'), 'true');

    // Halima's phone: a warning naming her under the field before submit; the officer may go on.
    await fill(personal, 'Phone Number', '0799000111');
    const warning = `0799000111 is already the phone of Halima Yusuf (customer ${halima})`;
    await personal.getByText(warning).waitFor();

    // Everything else filled, with Halima's national ID: the server's refusal shows on that field.
    await fill(personal, 'Last Name', 'Hassan');
    await fill(personal, 'National ID', '29000111');
    await fill(personal, 'County', 'Mombasa');
    await fill(personal, 'Occupation', 'Tailor');
    await fill(personal, 'Address', 'Likoni, Mombasa');
    await personal.getByLabel('National ID Photo', { exact: true }).setInputFiles(photo('national-id.png'));
    await personal.getByText('national-id.png').waitFor();
    await fillNextOfKin(page, 1, {
      name: 'Omar Hassan',
      idNumber: '29000222',
      phone: '0722000999',
      relationship: 'Husband',
    });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const nationalId = personal.getByLabel('National ID', { exact: true });
    await page.waitForFunction(
      (input) => input?.getAttribute('aria-invalid') === 'true',
      await nationalId.elementHandle(),
    );
    await personal.getByText(/national ID number 29000111 already exists/).waitFor();
    assert.equal(writes.length, 1, 'sent once, when every field was right');
    assert.equal(page.url(), `${product.url}/register-customer`, 'the form stays, filled');
    assert.equal(await personal.getByLabel('First Name', { exact: true }).inputValue(), 'Amina');
    await context.close();
  });
});
