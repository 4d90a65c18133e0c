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
  { kind: 'select', name: 'productId', label: 'Product', options: [{ value: '3', label: 'Phone Plus' }] },
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
    expect(within(bar).getByRole('textbox', { name: 'Disbursed from' })).toBeInTheDocument();
    expect(within(bar).getByRole('textbox', { name: 'Disbursed to' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
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
    expect(screen.getByRole('textbox', { name: 'Disbursed from' })).toHaveValue('2025-03-01');
    expect(screen.getByRole('textbox', { name: 'Disbursed to' })).toHaveValue('2025-03-31');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(url()).toBe('?search=wan&sort=balance');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Disbursed from' })).toHaveValue('');
  });
});
