import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  mockFetch,
  renderWithProviders,
  testOfficer,
  refusal,
  type FetchRoute,
} from '@lender/shared/testing/render-with-providers.tsx';
import type { CustomerDetailsModalProps } from '../../../components/customer-details-modal-props';

/** Says yes in the delete confirmation (it names the customer). */
async function confirmDelete(person: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', {
    name: 'Are you sure you want to delete this customer?',
  });
  await person.click(within(dialog).getByRole('button', { name: 'Delete' }));
}
import { buildCustomer, buildCustomersPage } from '@lender/shared/testing/customer-builders.ts';
import { findRow } from '@lender/shared/testing/find-row.ts';
import CustomersListPage from './customers-list-page';

const LIST = /^\/api\/customers\?/;
const jane = buildCustomer({
  id: 11,
  first_name: 'Jane',
  last_name: 'Wanjiru',
  occupation: 'Teacher',
  national_id: '12345678',
  address: 'Kawangware, Nairobi',
  phone: '+254712345678',
  created_by_name: 'Brian Odhiambo',
});
const otieno = buildCustomer({
  id: 12,
  first_name: 'Otieno',
  last_name: 'Ouma',
  created_by_name: 'Amina Odhiambo',
});

/** Stands in for the details feature: says which customer it was opened for. */
function DetailsModalStub({ customerId, open }: CustomerDetailsModalProps) {
  return open ? <div role="dialog">Details of customer {customerId}</div> : null;
}

/** Where the router is, and the browser's Back button. */
function RouterProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Location">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

/** Lists Jane, asks to delete her and confirms, with the server answering `refused`. */
async function deleteJaneRefused(refused: FetchRoute) {
  mockFetch([{ path: LIST, body: buildCustomersPage([jane]) }, refused]);
  const person = userEvent.setup({ delay: null });
  renderList();

  await person.click(await screen.findByRole('button', { name: 'Delete Jane Wanjiru' }));
  await confirmDelete(person);
}

function renderList(options: { route?: string; user?: typeof testOfficer } = {}) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/customers" element={<CustomersListPage DetailsModal={DetailsModalStub} />} />
        <Route path="*" element={<div>elsewhere</div>} />
      </Routes>
      <RouterProbe />
    </>,
    { route: options.route ?? '/customers', ...(options.user ? { user: options.user } : {}) },
  );
}

const location = () => screen.getByRole('status', { name: 'Location' }).textContent;
const listUrls = (calls: { method: string; url: string }[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/customers'))
    .map((call) => call.url);

describe('All Customers', () => {
  it('lists each customer with photo, name, occupation, ID number, address, phone and who registered them', async () => {
    mockFetch([{ path: LIST, body: buildCustomersPage([jane, otieno]) }]);
    renderList();

    const row = await findRow('Jane Wanjiru');
    expect(within(row).getByText('Teacher')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Jane Wanjiru' })).toBeInTheDocument();
    expect(within(row).getByText('12345678')).toBeInTheDocument();
    expect(within(row).getByText('Kawangware, Nairobi')).toBeInTheDocument();
    expect(within(row).getByText('+254712345678')).toBeInTheDocument();
    expect(within(row).getByText('Brian Odhiambo')).toBeInTheDocument();
    expect(within(await findRow('Otieno Ouma')).getByText('Amina Odhiambo')).toBeInTheDocument();
    for (const header of ['Name', 'ID Number', 'Address', 'Phone Number', 'Created By', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('names each action after its customer for screen readers', async () => {
    mockFetch([{ path: LIST, body: buildCustomersPage([jane]) }]);
    renderList();

    await screen.findByText('Jane Wanjiru');
    expect(screen.getByRole('button', { name: 'Apply for Jane Wanjiru' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Jane Wanjiru' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Jane Wanjiru' })).toBeInTheDocument();
  });

  it('asks the server to search once typing pauses, from page 1, and keeps the search in the URL', async () => {
    const { calls } = mockFetch([
      { path: /search=Wanjiru/, body: buildCustomersPage([jane]) },
      { path: LIST, body: buildCustomersPage([jane, otieno], { totalPages: 2 }) },
    ]);
    renderList({ route: '/customers?page=2' });
    await screen.findByText('Otieno Ouma');

    // Typing on fake timers: no pause between keys however loaded the machine is (on real timers
    // a loaded CI run paused 300 ms after the 'W' and rightly searched for it).
    jest.useFakeTimers();
    try {
      const person = userEvent.setup({ delay: null, advanceTimers: jest.advanceTimersByTime });
      await person.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'Wanjiru');
      await act(() => jest.advanceTimersByTimeAsync(300)); // the pause that applies the search
    } finally {
      jest.useRealTimers();
    }

    await waitFor(() => expect(screen.queryByText('Otieno Ouma')).not.toBeInTheDocument());
    expect(location()).toBe('/customers?search=Wanjiru');
    // One request for what was typed, not one per key.
    expect(listUrls(calls)).toEqual([
      '/api/customers?role=admin&userId=1&page=2',
      '/api/customers?role=admin&userId=1&page=1&search=Wanjiru',
    ]);
  });

  it('fetches the next page with Next and shows "Page 2 of 3"', async () => {
    const { calls } = mockFetch([
      { path: /page=2/, body: buildCustomersPage([otieno], { page: 2, totalPages: 3 }) },
      { path: LIST, body: buildCustomersPage([jane], { page: 1, totalPages: 3 }) },
    ]);
    const person = userEvent.setup({ delay: null });
    renderList();
    await screen.findByText('Jane Wanjiru');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Otieno Ouma')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(location()).toBe('/customers?page=2');
    expect(listUrls(calls)).toEqual([
      '/api/customers?role=admin&userId=1&page=1',
      '/api/customers?role=admin&userId=1&page=2',
    ]);
  });

  it('keeps the page and the search after going to the loan application and back', async () => {
    mockFetch([{ path: LIST, body: buildCustomersPage([jane], { page: 2, totalPages: 3 }) }]);
    const person = userEvent.setup({ delay: null });
    renderList({ route: '/customers?page=2&search=Jane' });
    await screen.findByText('Jane Wanjiru');
    expect(screen.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('Jane');

    await person.click(screen.getByRole('button', { name: 'Apply for Jane Wanjiru' }));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Browser back' }));

    expect(await screen.findByText('Jane Wanjiru')).toBeInTheDocument();
    expect(location()).toBe('/customers?page=2&search=Jane');
    expect(screen.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('Jane');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('Apply stores the customer id and goes to the loan application', async () => {
    mockFetch([{ path: LIST, body: buildCustomersPage([jane]) }]);
    const person = userEvent.setup({ delay: null });
    renderList();

    await person.click(await screen.findByRole('button', { name: 'Apply for Jane Wanjiru' }));

    expect(localStorage.getItem('customerId')).toBe('11');
    expect(location()).toBe('/loan-application');
  });

  it("the customer's name opens their page", async () => {
    mockFetch([{ path: LIST, body: buildCustomersPage([jane]) }]);
    const person = userEvent.setup({ delay: null });
    renderList();

    await person.click(await screen.findByRole('link', { name: 'Open Jane Wanjiru' }));

    expect(location()).toBe('/customers/11');
  });

  it('View opens the details of that customer', async () => {
    mockFetch([{ path: LIST, body: buildCustomersPage([jane, otieno]) }]);
    const person = userEvent.setup({ delay: null });
    renderList();

    await person.click(await screen.findByRole('button', { name: 'View Jane Wanjiru' }));

    expect(screen.getByRole('dialog')).toHaveTextContent('Details of customer 11');
  });

  it('asks before deleting, and sends nothing when the answer is Cancel', async () => {
    const { calls } = mockFetch([{ path: LIST, body: buildCustomersPage([jane]) }]);
    const person = userEvent.setup({ delay: null });
    renderList();

    await person.click(await screen.findByRole('button', { name: 'Delete Jane Wanjiru' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to delete this customer?',
    });
    expect(within(dialog).getByText('Jane Wanjiru')).toBeInTheDocument();
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it("deletes after OK, toasts the server's message and reads the list again", async () => {
    let listed = [jane, otieno];
    const { calls } = mockFetch([
      {
        path: LIST,
        body: {
          get data() {
            return listed;
          },
          meta: { page: 1, pageSize: 10, total: 2, totalPages: 1 },
        },
      },
      { method: 'DELETE', path: '/api/customers/11', body: { message: 'Customer deleted successfully' } },
    ]);
    const person = userEvent.setup({ delay: null });
    renderList();

    const deleteJane = await screen.findByRole('button', { name: 'Delete Jane Wanjiru' });
    listed = [otieno]; // what the server lists once she is gone
    await person.click(deleteJane);
    await confirmDelete(person);

    expect(await screen.findByText('Customer deleted successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/customers/11',
    ]);
    await waitFor(() => expect(screen.queryByText('Jane Wanjiru')).not.toBeInTheDocument());
    expect(screen.getByText('Otieno Ouma')).toBeInTheDocument();
  });

  it("shows the server's reason when a delete is refused", async () => {
    await deleteJaneRefused(
      refusal(
        'DELETE',
        '/api/customers/11',
        409,
        'This customer has loan applications or loans and cannot be deleted',
      ),
    );

    expect(
      await screen.findByText('This customer has loan applications or loans and cannot be deleted'),
    ).toBeInTheDocument();
  });

  it("says 'You are not authorized' with the server's message when the answer carries an error field", async () => {
    await deleteJaneRefused(
      refusal('DELETE', '/api/customers/11', 403, 'Only admins can delete customers', { error: 'Forbidden' }),
    );

    expect(await screen.findByText('You are not authorized')).toBeInTheDocument();
    expect(screen.getByText('Only admins can delete customers')).toBeInTheDocument();
  });

  it('offers Delete to admins only', async () => {
    mockFetch([{ path: LIST, body: buildCustomersPage([jane]) }]);
    renderList({ user: testOfficer });

    await screen.findByText('Jane Wanjiru');
    expect(screen.getByRole('button', { name: 'View Jane Wanjiru' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('says when no customer matches the search', async () => {
    mockFetch([{ path: LIST, body: buildCustomersPage([]) }]);
    renderList({ route: '/customers?search=Nobody' });

    expect(await screen.findByText('No customers match "Nobody".')).toBeInTheDocument();
  });

  it('shows the server message when the list cannot be read', async () => {
    mockFetch([{ path: LIST, status: 500, body: { message: 'An unexpected error occurred' } }]);
    renderList();

    expect(await screen.findByText('An unexpected error occurred')).toBeInTheDocument();
  });

  it('sorts on the server by a header click, both ways, and keeps the sort in the URL', async () => {
    const { calls } = mockFetch([{ path: LIST, body: buildCustomersPage([jane, otieno]) }]);
    const person = userEvent.setup({ delay: null });
    renderList();
    await screen.findByText('Jane Wanjiru');

    await person.click(screen.getByRole('columnheader', { name: /Registered/ }));
    await waitFor(() => expect(location()).toBe('/customers?sort=registered&order=asc'));
    await person.click(screen.getByRole('columnheader', { name: /Registered/ }));
    await waitFor(() => expect(location()).toBe('/customers?sort=registered&order=desc'));

    await waitFor(() =>
      expect(listUrls(calls)).toEqual([
        '/api/customers?role=admin&userId=1&page=1',
        '/api/customers?role=admin&userId=1&page=1&sort=registered&order=asc',
        '/api/customers?role=admin&userId=1&page=1&sort=registered&order=desc',
      ]),
    );
  });

  it("filters an admin's list by officer and registration days, in the URL, and clears them", async () => {
    const { calls } = mockFetch([
      { path: '/api/users/officers', body: [{ id: 7, name: 'Amina Odhiambo', is_active: true }] },
      { path: LIST, body: buildCustomersPage([jane]) },
    ]);
    const person = userEvent.setup({ delay: null });
    renderList({ route: '/customers?from=2025-03-01' });
    await screen.findByText('Jane Wanjiru');
    expect(screen.getByLabelText('Registered from')).toHaveValue('2025-03-01');

    await person.click(screen.getByRole('combobox', { name: 'Officer' }));
    await person.click(await screen.findByTitle('Amina Odhiambo'));
    await waitFor(() => expect(location()).toBe('/customers?from=2025-03-01&officerId=7'));
    await waitFor(() =>
      expect(listUrls(calls)).toContain(
        '/api/customers?role=admin&userId=1&page=1&officerId=7&from=2025-03-01',
      ),
    );

    await person.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/customers'));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('offers officers no officer filter, and sends no officer they might find in the URL', async () => {
    const { calls } = mockFetch([{ path: LIST, body: buildCustomersPage([jane]) }]);
    renderList({ user: testOfficer, route: '/customers?officerId=9&to=2025-03-02' });

    await screen.findByText('Jane Wanjiru');
    expect(screen.queryByRole('combobox', { name: 'Officer' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Registered to')).toHaveValue('2025-03-02');
    expect(calls.map((call) => call.url)).toEqual([
      `/api/customers?role=officer&userId=${testOfficer.id}&page=1&to=2025-03-02`,
    ]);
  });
});
