import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillFields, replaceText } from '@lender/shared/testing/fill-fields.ts';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import RegisterCustomerPage from './register-customer-page';

type Person = ReturnType<typeof userEvent.setup>;

const REGISTER = { method: 'POST', path: '/api/customerNew' };
const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

function renderPage() {
  return renderWithProviders(<RegisterCustomerPage />, {
    route: '/register-customer',
    path: '/register-customer',
  });
}

const section = (name: string) => screen.getByRole('region', { name });
const entry = (name: string) => screen.getByRole('group', { name });
const kinCount = () => screen.queryAllByRole('group', { name: /^Next of Kin \d+$/ }).length;

/** The required personal fields, as both fills type them. */
const requiredPersonal = {
  'First Name': 'Jane',
  'Last Name': 'Wanjiru',
  'Phone Number': '0712345678',
  'National ID': '12345678',
  County: 'Nairobi',
  Occupation: 'Teacher',
};

async function fillPersonalInformation(person: Person) {
  const personal = section('Personal Information');
  await fillFields(person, personal, {
    ...requiredPersonal,
    'Email (optional)': 'jane@example.com',
    'Monthly Income': '25000',
    Address: 'Kawangware, Nairobi',
    'Residence Details (optional)': 'Blue gate, house 4',
  });
  await person.upload(within(personal).getByLabelText('Passport Photo'), png('passport.png'));
  await person.upload(within(personal).getByLabelText('National ID Photo'), png('national-id.png'));
}

/** Fills next of kin `position` with its name, ID number, phone number and relationship. */
async function fillNextOfKin(
  person: Person,
  position: number,
  [name, id, phone, relationship]: [string, string, string, string],
) {
  await fillFields(person, entry(`Next of Kin ${position}`), {
    Name: name,
    'ID Number': id,
    'Phone Number': phone,
    Relationship: relationship,
  });
}

async function fillRequiredOnly(person: Person) {
  const personal = section('Personal Information');
  await fillFields(person, personal, { ...requiredPersonal, Address: 'Kawangware' });
  await person.upload(within(personal).getByLabelText('National ID Photo'), png('national-id.png'));
  await fillNextOfKin(person, 1, ['Peter Kamau', '23456789', '0722000111', 'Brother']);
}

const submit = (person: Person) => person.click(screen.getByRole('button', { name: 'Submit Application' }));

/** The registration's multipart body (the phone look-ups while typing are GETs). */
async function sentForm(spy: jest.SpyInstance): Promise<FormData> {
  const requests = spy.mock.calls.map(([request]) => request as Request);
  return (requests.find((request) => request.method === 'POST') as Request).formData();
}

/** The requests that would register (or change) something: the phone look-ups are not. */
const writes = (calls: { method: string }[]) => calls.filter((call) => call.method !== 'GET');

describe('New Customer Registration', () => {
  it('shows its title, sections and one next of kin entry without a Remove', () => {
    renderPage();

    expect(screen.getByRole('heading', { name: 'New Customer Registration' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Next of Kin' })).toBeInTheDocument();
    expect(kinCount()).toBe(1);
    expect(screen.queryByRole('button', { name: /Remove Next of Kin/ })).not.toBeInTheDocument();
    expect(within(section('Personal Information')).getByLabelText('National ID Photo')).toHaveAttribute(
      'accept',
      'image/*',
    );
  });

  it('adds a next of kin, removes it again, and offers no Remove at one', async () => {
    const person = userEvent.setup({ delay: null });
    renderPage();

    await person.click(screen.getByRole('button', { name: 'Add Next of Kin' }));
    expect(kinCount()).toBe(2);
    expect(screen.getByRole('button', { name: 'Remove Next of Kin 1' })).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Remove Next of Kin 2' }));
    expect(kinCount()).toBe(1);
    expect(screen.queryByRole('button', { name: /Remove Next of Kin/ })).not.toBeInTheDocument();
  });

  it('says which required fields are missing and sends nothing', async () => {
    const person = userEvent.setup({ delay: null });
    const { calls } = mockFetch([{ ...REGISTER, status: 201, body: { message: 'ok', id: 1 } }]);
    renderPage();

    await submit(person);

    for (const message of [
      'First Name is required',
      'Last Name is required',
      'Phone Number is required',
      'National ID is required',
      'County is required',
      'Occupation is required',
      'Address is required',
      'National ID Photo is required',
      'Next of kin name is required',
      'Next of kin ID number is required',
      'Next of kin phone number is required',
      'Next of kin relationship is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Passport Photo is required')).not.toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  it('sends every field as multipart with the keys of the specification, then toasts and goes to the customers list after 1.5 s', async () => {
    const person = userEvent.setup({ delay: null });
    const { calls, spy } = mockFetch([
      { ...REGISTER, status: 201, body: { message: 'Customer registered successfully', id: 41 } },
    ]);
    renderPage();

    await fillPersonalInformation(person);
    expect(screen.getByText('passport.png')).toBeInTheDocument();
    expect(screen.getByText('national-id.png')).toBeInTheDocument();
    await fillNextOfKin(person, 1, ['Peter Kamau', '23456789', '0722000111', 'Brother']);
    await person.click(screen.getByRole('button', { name: 'Add Next of Kin' }));
    await fillNextOfKin(person, 2, ['Mary Njeri', '34567890', '0733000222', 'Mother']);

    await person.click(screen.getByRole('button', { name: 'Add Collateral' }));
    await fillFields(person, entry('Collateral 1'), { 'Item Name': 'Television' });
    await replaceText(person, within(entry('Collateral 1')).getByLabelText('Item Count'), '2');
    await fillFields(person, entry('Collateral 1'), { 'Additional Details': '32 inch Samsung' });

    await person.click(screen.getByRole('button', { name: 'Add Guarantor' }));
    await fillFields(person, entry('Guarantor 1'), {
      Name: 'Grace Achieng',
      Relationship: 'Employer',
      'Phone Number': '0744000333',
    });
    await person.click(screen.getByRole('button', { name: 'Add Collateral for Guarantor 1' }));
    await fillFields(person, entry('Guarantor 1 Collateral 1'), { 'Item Name': 'Motorbike' });

    // The delay is read from the timer the page sets, not from the wall clock, which a loaded CI
    // machine stretches (a toast seen late made 1.5 s look like 0.4 s); the redirect is held
    // until the page has been looked at, so that a slow machine cannot let it run first.
    const realSetTimeout = globalThis.setTimeout;
    let redirect: (() => void) | undefined;
    const timers = jest.spyOn(globalThis, 'setTimeout').mockImplementation(((
      callback: () => void,
      ms?: number,
      ...rest: unknown[]
    ) => {
      if (ms !== 1500) return realSetTimeout(callback, ms, ...rest);
      redirect = callback;
      return realSetTimeout(() => undefined, 0);
    }) as typeof setTimeout);
    await submit(person);

    expect(await screen.findByText('Customer registered successfully')).toBeInTheDocument();
    expect(timers).toHaveBeenCalledWith(expect.any(Function), 1500);
    timers.mockRestore();
    expect(screen.getByRole('button', { name: /Submit Application/ })).toBeDisabled();
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument(); // still here: the list comes 1.5 s later
    act(() => redirect?.());
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();

    expect(writes(calls)).toEqual([expect.objectContaining({ method: 'POST', url: '/api/customerNew' })]);
    const sent = await sentForm(spy);
    const textParts = Object.fromEntries(
      [...sent.entries()].filter(([, value]) => typeof value === 'string'),
    );
    expect(textParts).toEqual({
      first_name: 'Jane',
      last_name: 'Wanjiru',
      phone: '0712345678',
      email: 'jane@example.com',
      national_id: '12345678',
      county: 'Nairobi',
      occupation: 'Teacher',
      residence_details: 'Blue gate, house 4',
      address: 'Kawangware, Nairobi',
      monthly_income: '25000',
      'referees[0][name]': 'Peter Kamau',
      'referees[0][id_number]': '23456789',
      'referees[0][phone_number]': '0722000111',
      'referees[0][relationship]': 'Brother',
      'referees[1][name]': 'Mary Njeri',
      'referees[1][id_number]': '34567890',
      'referees[1][phone_number]': '0733000222',
      'referees[1][relationship]': 'Mother',
      'collaterals[0][item_name]': 'Television',
      'collaterals[0][item_count]': '2',
      'collaterals[0][additional_details]': '32 inch Samsung',
      'guarantors[0][name]': 'Grace Achieng',
      'guarantors[0][relationship]': 'Employer',
      'guarantors[0][phone_number]': '0744000333',
      'guarantors[0][collaterals][0][item_name]': 'Motorbike',
      'guarantors[0][collaterals][0][item_count]': '1',
    });
    const nationalIdPhoto = sent.get('national_id_photo') as File;
    expect(nationalIdPhoto.name).toBe('national-id.png');
    expect(nationalIdPhoto.type).toBe('image/png');
    expect((sent.get('passport_photo') as File).name).toBe('passport.png');
  });

  it('sends only the parts that were given: no optional fields, no empty lists, no passport photo', async () => {
    const person = userEvent.setup({ delay: null });
    const { spy } = mockFetch([{ ...REGISTER, status: 201, body: { message: 'Registered', id: 2 } }]);
    renderPage();

    await fillRequiredOnly(person);
    await submit(person);
    await screen.findByText('Registered');

    const sent = await sentForm(spy);
    expect([...sent.keys()].sort()).toEqual(
      [
        'first_name',
        'last_name',
        'phone',
        'national_id',
        'county',
        'occupation',
        'address',
        'referees[0][name]',
        'referees[0][id_number]',
        'referees[0][phone_number]',
        'referees[0][relationship]',
        'national_id_photo',
      ].sort(),
    );
  });

  it("keeps the form and says 'Error registering' with the server's reason when it refuses", async () => {
    const person = userEvent.setup({ delay: null });
    mockFetch([
      { ...REGISTER, status: 409, body: { message: 'National ID 12345678 is already registered' } },
    ]);
    renderPage();

    await fillRequiredOnly(person);
    await submit(person);

    expect(
      await screen.findByText('Error registering: National ID 12345678 is already registered'),
    ).toBeInTheDocument();
    expect(within(section('Personal Information')).getByLabelText('First Name')).toHaveValue('Jane');
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument();
  });

  it("shows a validation failure's first message, and each field message under its field", async () => {
    const person = userEvent.setup({ delay: null });
    const msg = 'Next of kin phone number must be a Kenyan mobile number such as 0712345678 or +254712345678';
    mockFetch([
      {
        ...REGISTER,
        status: 400,
        body: {
          message: `referees.0.phone_number: ${msg}`,
          errors: [{ field: 'referees.0.phone_number', msg }],
        },
      },
    ]);
    renderPage();

    await fillRequiredOnly(person);
    await submit(person);

    expect(await screen.findByText(`Error registering: ${msg}`)).toBeInTheDocument();
    const phone = within(entry('Next of Kin 1')).getByLabelText('Phone Number');
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(within(entry('Next of Kin 1')).getByText(msg)).toBeInTheDocument();
  });

  it('refuses a photo that is not an image, saying so under the field', async () => {
    const person = userEvent.setup({ delay: null, applyAccept: false });
    renderPage();

    // The picker's input is replaced after every choice, as a browser's file input is reset.
    const picker = () => within(section('Personal Information')).getByLabelText('National ID Photo');
    await person.upload(picker(), new File(['%PDF'], 'id-scan.pdf', { type: 'application/pdf' }));

    expect(await screen.findByText('National ID Photo must be an image file.')).toBeInTheDocument();
    expect(screen.queryByText('id-scan.pdf')).not.toBeInTheDocument();

    await person.upload(picker(), png('national-id.png'));
    expect(await screen.findByText('national-id.png')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('National ID Photo must be an image file.')).not.toBeInTheDocument(),
    );
  });

  it('asks for the fields of an added guarantor and collateral', async () => {
    const person = userEvent.setup({ delay: null });
    const { calls } = mockFetch([]);
    renderPage();

    await fillRequiredOnly(person);
    await person.click(screen.getByRole('button', { name: 'Add Guarantor' }));
    await person.click(screen.getByRole('button', { name: 'Add Collateral for Guarantor 1' }));
    await submit(person);

    expect(await screen.findByText('Guarantor name is required')).toBeInTheDocument();
    expect(screen.getByText('Guarantor phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Collateral item name is required')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);

    await person.click(screen.getByRole('button', { name: 'Remove Guarantor 1' }));
    expect(screen.queryByRole('group', { name: 'Guarantor 1' })).not.toBeInTheDocument();
  });

  it('checks what is typed as the server would, every field at once, and sends nothing', async () => {
    const person = userEvent.setup({ delay: null });
    const { calls } = mockFetch([]);
    renderPage();

    const personal = section('Personal Information');
    await fillFields(person, personal, {
      'Phone Number': '12345',
      'National ID': '12ab',
      'Email (optional)': 'jane@',
    });
    await fillNextOfKin(person, 1, ['Peter Kamau', '123', '0800', 'Brother']);
    await submit(person);

    for (const message of [
      'First Name is required',
      'Phone number must be a Kenyan mobile number such as 0712345678 or +254712345678',
      'National ID number must be 6 to 10 digits',
      'Email must be a valid e-mail address',
      'Next of kin ID number must be 6 to 10 digits',
      'Next of kin phone number must be a Kenyan mobile number such as 0712345678 or +254712345678',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(writes(calls)).toHaveLength(0);
  });

  it('shows the server’s refusal of a national ID under National ID', async () => {
    const person = userEvent.setup({ delay: null });
    const refusal = 'A customer with national ID number 12345678 already exists';
    mockFetch([
      {
        ...REGISTER,
        status: 409,
        body: { message: refusal, errors: [{ field: 'national_id', msg: refusal }] },
      },
    ]);
    renderPage();

    await fillRequiredOnly(person);
    await submit(person);

    const nationalId = within(section('Personal Information')).getByLabelText('National ID');
    await waitFor(() => expect(nationalId).toHaveAccessibleDescription(refusal));
    expect(nationalId).toHaveAttribute('aria-invalid', 'true');
  });

  it('warns by name, before submit, that another customer has the phone, and lets the officer go on', async () => {
    const person = userEvent.setup({ delay: null });
    const { calls } = mockFetch([
      {
        path: '/api/customers/phone-check',
        body: { phone: '+254712345678', customers: [{ id: 12, name: 'Jane Wanjiru' }], others: 0 },
      },
      { ...REGISTER, status: 201, body: { message: 'Customer registered successfully', id: 13 } },
    ]);
    renderPage();

    await fillRequiredOnly(person);

    const phone = within(section('Personal Information')).getByLabelText('Phone Number');
    const warning = '0712345678 is already the phone of Jane Wanjiru (customer 12)';
    expect(await screen.findByText(warning)).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription(warning);
    expect(calls.filter((call) => call.url.startsWith('/api/customers/phone-check'))).toEqual([
      expect.objectContaining({ url: '/api/customers/phone-check?phone=%2B254712345678' }),
    ]);

    await submit(person);
    expect(await screen.findByText('Customer registered successfully')).toBeInTheDocument();
    expect(writes(calls)).toEqual([expect.objectContaining({ method: 'POST', url: '/api/customerNew' })]);
  });
});
