import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { renderWithProviders } from '../../testing/render-with-providers';
import { useListUrlState } from './use-list-url-state';

/** A list page's URL state, shown and changed through buttons. */
function ListPage() {
  const state = useListUrlState();
  const location = useLocation();
  return (
    <>
      <output aria-label="URL">{location.search}</output>
      <output aria-label="Sort">{state.sort ? `${state.sort.key} ${state.sort.order}` : 'default'}</output>
      <output aria-label="Filters">{JSON.stringify(state.filters)}</output>
      <output aria-label="Query">{JSON.stringify(state.queryArgs(['status', 'productId']))}</output>
      <button onClick={() => state.setSort({ key: 'balance', order: 'desc' })}>Sort by balance</button>
      <button onClick={() => state.setSort(undefined)}>Default order</button>
      <button onClick={() => state.setFilters({ status: 'overdue', productId: '3' })}>Filter</button>
      <button onClick={() => state.setFilters({ status: undefined, productId: '' })}>Clear</button>
      <button onClick={() => state.setPage(2)}>Page 2</button>
      <button
        onClick={() => {
          // Two changes before the router renders the first, as a quick user makes them.
          state.setSort({ key: 'amount', order: 'asc' });
          state.setFilters({ from: '2099-01-01' });
        }}
      >
        Sort then filter
      </button>
    </>
  );
}

type Output = 'URL' | 'Sort' | 'Filters' | 'Query';
const text = (name: Output) => screen.getByRole('status', { name }).textContent;

/** Clicks each button in turn; after each click, the outputs named show the texts given. */
function clickThrough(steps: [button: string, shown: Partial<Record<Output, string>>][]) {
  for (const [button, shown] of steps) {
    fireEvent.click(screen.getByRole('button', { name: button }));
    for (const [output, value] of Object.entries(shown)) expect(text(output as Output)).toBe(value);
  }
}

describe('list URL state: sort and filters', () => {
  it('reads the sort and filters of a shared link (order ascending when absent)', () => {
    renderWithProviders(<ListPage />, { route: '/loans?page=2&search=wan&sort=due_date&status=overdue&x=' });
    expect(text('Sort')).toBe('due_date asc');
    // page, search and sort are not filters; an empty parameter is no filter.
    expect(text('Filters')).toBe('{"status":"overdue"}');
  });

  it('a new sort goes to page 1 and lands in the URL; undefined returns to the default order', () => {
    renderWithProviders(<ListPage />, { route: '/loans?page=3&status=active' });
    clickThrough([
      ['Sort by balance', { URL: '?status=active&sort=balance&order=desc', Sort: 'balance desc' }],
      ['Default order', { URL: '?status=active', Sort: 'default' }],
    ]);
  });

  it('filters land in the URL, go to page 1, and clear with an empty value', () => {
    renderWithProviders(<ListPage />, { route: '/loans?search=wan' });
    clickThrough([
      ['Page 2', { URL: '?search=wan&page=2' }],
      [
        'Filter',
        { URL: '?search=wan&status=overdue&productId=3', Filters: '{"status":"overdue","productId":"3"}' },
      ],
      ['Clear', { URL: '?search=wan', Filters: '{}' }],
    ]);
  });

  it('a filter set before the new sort has rendered keeps that sort', () => {
    renderWithProviders(<ListPage />, { route: '/approved-repayments?page=2' });
    clickThrough([
      [
        'Sort then filter',
        { URL: '?sort=amount&order=asc&from=2099-01-01', Filters: '{"from":"2099-01-01"}' },
      ],
    ]);
  });

  it('queryArgs sends the sort and only the named filters', () => {
    renderWithProviders(<ListPage />, {
      route: '/loans?sort=balance&order=desc&status=overdue&officerId=4&productId=3',
    });
    expect(JSON.parse(text('Query') ?? '')).toEqual({
      sort: 'balance',
      order: 'desc',
      status: 'overdue',
      productId: '3',
    });
  });
});
