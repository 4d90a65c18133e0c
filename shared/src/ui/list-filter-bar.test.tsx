import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ListFilterBar, type ListFilter } from './list-filter-bar';
import { useListUrlState } from './use-list-url-state';

const FILTERS: ListFilter[] = [
  {
    kind: 'select',
    name: 'status',
    label: 'Status',
    options: [
      { value: 'active', label: 'active' },
      { value: 'overdue', label: 'overdue' },
    ],
  },
  {
    kind: 'select',
    name: 'productId',
    label: 'Product',
    placeholder: 'All products',
    options: [{ value: '3', label: 'Phone Plus' }],
  },
  { kind: 'dateRange', label: 'Disbursed' },
];

/** A list page's filter bar, its values in the URL. */
function FilteredList() {
  const { filters, setFilters } = useListUrlState();
  const location = useLocation();
  return (
    <>
      <ListFilterBar filters={FILTERS} values={filters} onChange={setFilters} />
      <output aria-label="URL">{location.search}</output>
    </>
  );
}

const url = () => screen.getByRole('status', { name: 'URL' }).textContent;

describe('list filter bar', () => {
  it('labels each control; no Clear filters while none is set', () => {
    renderWithProviders(<FilteredList />, { route: '/loans' });
    const bar = screen.getByRole('group', { name: 'Filters' });
    expect(within(bar).getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(within(bar).getByRole('combobox', { name: 'Product' })).toBeInTheDocument();
    expect(within(bar).getByLabelText('Disbursed from')).toHaveAttribute('type', 'date');
    expect(within(bar).getByLabelText('Disbursed to')).toHaveAttribute('type', 'date');
    // No filter is a choice of its own, in the default text colour (a placeholder's grey fails AA).
    expect(within(bar).getByTitle('All')).toBeInTheDocument();
    expect(within(bar).getByTitle('All products')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('a day typed lands in the URL, and bounds the other end of the range', () => {
    renderWithProviders(<FilteredList />, { route: '/loans?to=2025-03-31' });
    fireEvent.change(screen.getByLabelText('Disbursed from'), { target: { value: '2025-03-01' } });
    expect(url()).toBe('?to=2025-03-31&from=2025-03-01');
    expect(screen.getByLabelText('Disbursed from')).toHaveAttribute('max', '2025-03-31');
    expect(screen.getByLabelText('Disbursed to')).toHaveAttribute('min', '2025-03-01');
  });

  it('choosing All again removes the filter from the URL', async () => {
    renderWithProviders(<FilteredList />, { route: '/loans?status=overdue' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('All'));
    expect(url()).toBe('');
  });

  it('a chosen status lands in the URL and goes back to page 1', async () => {
    renderWithProviders(<FilteredList />, { route: '/loans?page=3&search=wan' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('overdue'));
    expect(url()).toBe('?search=wan&status=overdue');
  });

  it('shows the filters of a shared link, and Clear filters clears them all but the search', () => {
    renderWithProviders(<FilteredList />, {
      route: '/loans?search=wan&status=overdue&productId=3&from=2025-03-01&to=2025-03-31&sort=balance',
    });
    expect(screen.getByTitle('overdue')).toBeInTheDocument();
    expect(screen.getByTitle('Phone Plus')).toBeInTheDocument();
    expect(screen.getByLabelText('Disbursed from')).toHaveValue('2025-03-01');
    expect(screen.getByLabelText('Disbursed to')).toHaveValue('2025-03-31');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(url()).toBe('?search=wan&sort=balance');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Disbursed from')).toHaveValue('');
  });
});
