import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CUSTOMER_EDIT_TEXTS } from '@lender/shared/contract/customers';
import { recordDataChanged } from '@lender/shared/testing/record-data-changed.ts';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import {
  buildCustomer,
  buildCustomerDetails,
  buildReferee,
} from '@lender/shared/testing/customer-builders.ts';
import { replaceText } from '@lender/shared/testing/fill-fields.ts';
import { changedFields, EditCustomerModal, initialValues } from './edit-customer-modal';

const broadcasts = recordDataChanged();

const kin = buildReferee({ id: 31, name: 'Peter Kamau', relationship: 'Brother' });
const details = buildCustomerDetails({
  customer: buildCustomer({
    id: 21,
    first_name: 'Jane',
    last_name: 'Wanjiru',
    phone: '+254712345678',
    national_id: '12345678',
    email: null,
    monthly_income: 25_000,
  }),
  referees: [kin],
});
const PATCH = { method: 'PATCH', path: '/api/customers/21' };

function renderModal(nationalIdLocked = false) {
  const onClose = jest.fn();
  const view = renderWithProviders(
    <EditCustomerModal details={details} nationalIdLocked={nationalIdLocked} open onClose={onClose} />,
  );
  return { ...view, onClose };
}

describe('Edit Customer', () => {
  it('labels every field, next of kin included, filled with the current values', async () => {
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    for (const [label, value] of [
      ['First Name', 'Jane'],
      ['Last Name', 'Wanjiru'],
      ['Phone Number', '+254712345678'],
      ['National ID', '12345678'],
      ['Email', ''],
      ['County', 'Nairobi'],
      ['Occupation', 'Boda boda rider'],
      ['Address', 'Kawangware, Nairobi'],
      ['Residence Details', ''],
    ]) {
      expect(within(dialog).getAllByLabelText(label as string)[0]).toHaveValue(value);
    }
    expect(within(dialog).getByLabelText('Monthly Income')).toHaveValue('25,000.00');
    const kinGroup = within(dialog).getByRole('group', { name: 'Next of Kin 1' });
    expect(within(kinGroup).getByLabelText('Name')).toHaveValue('Peter Kamau');
    expect(within(kinGroup).getByLabelText('ID Number')).toHaveValue('23456789');
    expect(within(kinGroup).getByLabelText('Phone Number')).toHaveValue('+254722000111');
    expect(within(kinGroup).getByLabelText('Relationship')).toHaveValue('Brother');
  });

  it('sends only what changed, then tells every slice the customer changed', async () => {
    const { calls } = mockFetch([{ ...PATCH, body: { message: CUSTOMER_EDIT_TEXTS.updated } }]);
    const { onClose } = renderModal();
    const person = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });

    const occupation = within(dialog).getByLabelText('Occupation');
    await replaceText(person, occupation, 'Tailor');
    const relationship = within(within(dialog).getByRole('group', { name: 'Next of Kin 1' })).getByLabelText(
      'Relationship',
    );
    await replaceText(person, relationship, 'Cousin');
    await person.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      occupation: 'Tailor',
      referees: [
        {
          id: 31,
          name: 'Peter Kamau',
          id_number: '23456789',
          phone_number: '+254722000111',
          relationship: 'Cousin',
        },
      ],
    });
    expect(await screen.findByText(CUSTOMER_EDIT_TEXTS.updated)).toBeInTheDocument();
    expect(broadcasts).toEqual([['Customer', 'Application', 'Loan', 'Repayment', 'Report']]);
  });

  it('checks the phone and national ID as the registration does, before sending', async () => {
    const { calls } = mockFetch([]);
    renderModal();
    const person = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });

    await replaceText(person, within(dialog).getAllByLabelText('Phone Number')[0] as HTMLElement, '12345');
    await replaceText(person, within(dialog).getByLabelText('National ID'), '12ab');
    await person.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(
      await within(dialog).findByText(
        'Phone number must be a Kenyan mobile number such as 0712345678 or +254712345678',
      ),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('National ID number must be 6 to 10 digits')).toBeInTheDocument();
    // Nothing sent: no PATCH (a phone look-up would be a GET, and '12345' is no number to look up).
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('keeps the national ID fixed once the customer has an application or a loan', async () => {
    renderModal(true);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    expect(within(dialog).getByLabelText('National ID')).toBeDisabled();
    expect(within(dialog).getByText(CUSTOMER_EDIT_TEXTS.nationalIdLocked)).toBeInTheDocument();
  });

  it("shows the server's refusal and its field messages under the fields", async () => {
    mockFetch([
      {
        ...PATCH,
        status: 409,
        body: { message: CUSTOMER_EDIT_TEXTS.duplicateNationalId('87654321') },
      },
    ]);
    const { onClose } = renderModal();
    const person = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    await replaceText(person, within(dialog).getByLabelText('National ID'), '87654321');
    await person.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(CUSTOMER_EDIT_TEXTS.duplicateNationalId('87654321'))).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('changedFields', () => {
  it('is empty when nothing changed, and leaves blank optional fields out', () => {
    expect(changedFields(details, initialValues(details))).toEqual({});
    expect(changedFields(details, { ...initialValues(details), email: '  ', first_name: ' Janet ' })).toEqual(
      {
        first_name: 'Janet',
      },
    );
  });
});
