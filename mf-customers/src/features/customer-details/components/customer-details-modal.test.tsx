import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import {
  buildCollateral,
  buildCustomer,
  buildCustomerDetails,
  buildGuarantor,
  buildReferee,
} from '@lender/shared/testing/customer-builders.ts';
import CustomerDetailsModal from './customer-details-modal';

function renderModal(onClose = jest.fn()) {
  renderWithProviders(<CustomerDetailsModal customerId={21} open onClose={onClose} afterClose={jest.fn()} />);
  return { onClose };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('Customer Details', () => {
  it('shows every personal field, the monthly income in Ksh and both photos', async () => {
    const customer = buildCustomer({
      id: 21,
      first_name: 'Jane',
      last_name: 'Wanjiru',
      phone: '+254712345678',
      email: 'jane@example.com',
      national_id: '12345678',
      county: 'Nairobi',
      occupation: 'Teacher',
      residence_details: 'Blue gate, house 4',
      address: 'Kawangware',
      monthly_income: 25_000,
      created_by_name: 'Brian Odhiambo',
      passport_photo: 'http://localhost/api/files/passport.png?sig=1',
      national_id_photo: 'http://localhost/api/files/id.png?sig=2',
    });
    const { calls } = mockFetch([{ path: '/api/customerNew/21', body: buildCustomerDetails({ customer }) }]);
    renderModal();

    const dialog = await screen.findByRole('dialog', { name: 'Customer Details' });
    const personal = await within(dialog).findByRole('region', { name: 'Personal Information' });
    for (const text of [
      'Jane',
      'Wanjiru',
      '+254712345678',
      'jane@example.com',
      '12345678',
      'Nairobi',
      'Teacher',
      'Blue gate, house 4',
      'Kawangware',
      'Ksh 25,000.00',
      'Brian Odhiambo',
    ]) {
      expect(within(personal).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('img', { name: 'Passport photo of Jane Wanjiru' })).toHaveAttribute(
      'src',
      'http://localhost/api/files/passport.png?sig=1',
    );
    expect(screen.getByRole('img', { name: 'National ID photo of Jane Wanjiru' })).toHaveAttribute(
      'src',
      'http://localhost/api/files/id.png?sig=2',
    );
    expect(calls.map((call) => call.url)).toEqual(['/api/customerNew/21']);
  });

  it('says when there are no collaterals, referees or guarantors', async () => {
    mockFetch([{ path: '/api/customerNew/21', body: buildCustomerDetails() }]);
    renderModal();

    expect(await screen.findByText('No collaterals available.')).toBeInTheDocument();
    expect(screen.getByText('No referees available.')).toBeInTheDocument();
    expect(screen.getByText('No guarantors available.')).toBeInTheDocument();
    expect(screen.getByText('No passport photo.')).toBeInTheDocument();
  });

  it('lists collaterals, referees, and each guarantor with their own collaterals', async () => {
    mockFetch([
      {
        path: '/api/customerNew/21',
        body: buildCustomerDetails({
          collaterals: [
            buildCollateral({ item_name: 'Television', item_count: 2, additional_details: '32 inch' }),
          ],
          referees: [
            buildReferee({ name: 'Peter Kamau', relationship: 'Brother', phone_number: '+254722000111' }),
            buildReferee({ name: 'Mary Njeri', relationship: 'Mother' }),
          ],
          guarantors: [
            buildGuarantor({
              name: 'Grace Achieng',
              relationship: 'Employer',
              phone_number: '+254733000222',
              collaterals: [buildCollateral({ item_name: 'Motorbike', item_count: 1 })],
            }),
            buildGuarantor({
              name: 'Tom Mboya',
              relationship: 'Uncle',
              phone_number: '+254799000444',
              collaterals: [],
            }),
          ],
        }),
      },
    ]);
    renderModal();

    const collaterals = await screen.findByRole('table', { name: 'Collaterals of Jane Wanjiru' });
    const television = within(collaterals).getByText('Television').closest('tr') as HTMLElement;
    expect(within(television).getByText('2')).toBeInTheDocument();
    expect(within(television).getByText('32 inch')).toBeInTheDocument();

    const referees = section('Referees');
    const peter = within(referees).getByText('Peter Kamau').closest('tr') as HTMLElement;
    expect(within(peter).getByText('Brother')).toBeInTheDocument();
    expect(within(peter).getByText('+254722000111')).toBeInTheDocument();
    expect(within(referees).getByText('Mary Njeri')).toBeInTheDocument();

    const guarantors = section('Guarantors');
    expect(within(guarantors).getByText('Employer')).toBeInTheDocument();
    expect(within(guarantors).getByText('+254733000222')).toBeInTheDocument();
    const graceCollaterals = within(guarantors).getByRole('table', { name: 'Collaterals of Grace Achieng' });
    expect(within(graceCollaterals).getByText('Motorbike')).toBeInTheDocument();
    const tomCollaterals = within(guarantors).getByRole('table', { name: 'Collaterals of Tom Mboya' });
    expect(within(tomCollaterals).getByText('No collaterals available.')).toBeInTheDocument();
    expect(screen.queryByText('No guarantors available.')).not.toBeInTheDocument();
    expect(screen.queryByText('No referees available.')).not.toBeInTheDocument();
  });

  it('shows why the details could not be read', async () => {
    mockFetch([{ path: '/api/customerNew/21', status: 404, body: { message: 'Customer not found' } }]);
    renderModal();

    expect(await screen.findByText('Customer not found')).toBeInTheDocument();
  });

  it('closes with the × and with the Close button', async () => {
    mockFetch([{ path: '/api/customerNew/21', body: buildCustomerDetails() }]);
    const { onClose } = renderModal();
    const person = userEvent.setup({ delay: null });

    await screen.findByText('No referees available.');
    for (const close of screen.getAllByRole('button', { name: 'Close' })) await person.click(close);

    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
