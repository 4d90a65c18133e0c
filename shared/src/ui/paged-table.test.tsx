import { act, fireEvent, render, screen } from '@testing-library/react';
import { emulateScreenWidth } from '../../testing/screen-width';
import { PagedTable } from './paged-table';
import type { ListSort } from './use-list-url-state';

const columns = [{ title: 'Name', dataIndex: 'name' }];
/** One row of the first page of three. */
const firstOfThree = {
  columns,
  rows: [{ id: 1, name: 'Wanjiku' }],
  rowKey: 'id' as const,
  page: 1,
  totalPages: 3,
};

interface Row {
  id: number;
  name: string;
  balance?: string;
  phone?: string;
}

describe('paged table', () => {
  it('shows the page of the server and keeps Previous/Next within its pages', () => {
    const onPageChange = jest.fn();
    render(<PagedTable {...firstOfThree} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('names its Previous/Next after the list when a page shows two', () => {
    const onPageChange = jest.fn();
    render(<PagedTable {...firstOfThree} page={2} onPageChange={onPageChange} pagerOf="sign-in throttles" />);
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page of sign-in throttles' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page of sign-in throttles' }));
    expect(onPageChange.mock.calls).toEqual([[1], [3]]);
  });

  it('says what an empty list means', () => {
    render(
      <PagedTable
        columns={columns}
        rows={[]}
        rowKey="id"
        page={1}
        totalPages={0}
        onPageChange={() => {}}
        emptyText="No loans are due today."
      />,
    );
    expect(screen.getByText('No loans are due today.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says "more than" when the server stopped counting, and Next stays available', () => {
    const onPageChange = jest.fn();
    render(
      <PagedTable {...firstOfThree} page={100} totalPages={100} totalEstimated onPageChange={onPageChange} />,
    );
    expect(screen.getByText('Page 100 of more than 100')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(101);
  });
});

describe('paged table states', () => {
  const base = { columns, rowKey: 'id' as const, page: 1, totalPages: 1, onPageChange: () => {} };

  it('while the first rows load shows neither the empty message nor an error', () => {
    render(<PagedTable<Row> {...base} rows={undefined} loading emptyText="No customers registered yet." />);
    expect(screen.queryByText('No customers registered yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('when the load failed shows only the error, and Retry loads again', () => {
    const onRetry = jest.fn();
    render(
      <PagedTable
        {...base}
        rows={[]}
        error={{ status: 'FETCH_ERROR', error: 'Failed to fetch' }}
        errorText="Failed to fetch loans."
        onRetry={onRetry}
        emptyText="No active loans."
      />,
    );
    expect(screen.getByText('Failed to fetch loans.')).toBeInTheDocument();
    expect(screen.queryByText('No active loans.')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows shown while the list is fetched again', () => {
    render(<PagedTable {...base} rows={[{ id: 1, name: 'Wanjiku' }]} loading emptyText="No active loans." />);
    expect(screen.getByRole('cell', { name: 'Wanjiku' })).toBeInTheDocument();
    expect(screen.queryByText('No active loans.')).not.toBeInTheDocument();
  });

  it('makes its sideways-scrolling region reachable by keyboard', () => {
    render(<PagedTable {...base} label="Active Loans" rows={[{ id: 1, name: 'Wanjiku' }]} />);
    expect(screen.getByRole('region', { name: 'Active Loans, scrollable' })).toHaveAttribute('tabindex', '0');
  });
});

describe('paged table sorted on the server', () => {
  // A table with a pinned column renders its header twice (antd measures it): the first is shown.
  const header = (name: string | RegExp) => screen.getAllByRole('columnheader', { name })[0] as HTMLElement;
  const sortable = [
    { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
    { title: 'Balance', dataIndex: 'balance', key: 'balance', sorter: true },
    { title: 'Phone', dataIndex: 'phone', key: 'phone' },
  ];
  const rows: Row[] = [
    { id: 1, name: 'Wanjiku', balance: '900', phone: '0712345678' },
    { id: 2, name: 'Akinyi', balance: '100', phone: '0722345678' },
  ];

  const sortedTable = (sort: ListSort | undefined, onSortChange: (next: ListSort | undefined) => void) => (
    <PagedTable<Row> columns={sortable} rows={rows} rowKey="id" sort={sort} onSortChange={onSortChange} />
  );

  it('a header click asks for that column ascending, a second for descending, a third for the default order', () => {
    const onSortChange = jest.fn();
    const { rerender } = render(sortedTable(undefined, onSortChange));
    fireEvent.click(header(/Balance/));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'balance', order: 'asc' });

    rerender(sortedTable({ key: 'balance', order: 'asc' }, onSortChange));
    expect(header(/Balance/)).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(header(/Balance/));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'balance', order: 'desc' });

    rerender(sortedTable({ key: 'balance', order: 'desc' }, onSortChange));
    expect(header(/Balance/)).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(header(/Balance/));
    expect(onSortChange).toHaveBeenLastCalledWith(undefined);
  });

  it('never reorders the page itself: the rows stay in the server order', () => {
    render(sortedTable({ key: 'name', order: 'asc' }, () => {}));
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(names[0]).toContain('Wanjiku');
    expect(names[1]).toContain('Akinyi');
  });

  it('a column without sorter: true has no sort', () => {
    const onSortChange = jest.fn();
    render(sortedTable(undefined, onSortChange));
    fireEvent.click(header('Phone'));
    expect(onSortChange).not.toHaveBeenCalled();
    expect(header('Phone')).not.toHaveAttribute('aria-sort');
  });
});

describe('paged table on a phone', () => {
  let restoreScreen: () => void;
  beforeEach(() => {
    restoreScreen = emulateScreenWidth(360);
  });
  afterEach(() => restoreScreen());

  it('shows a card per row with the name, the figures and the actions', () => {
    const onView = jest.fn();
    render(
      <PagedTable<Row>
        label="Active Loans"
        columns={[
          { title: 'Customer', dataIndex: 'name', key: 'name' },
          { title: 'Balance', dataIndex: 'balance', key: 'balance' },
          { title: 'Phone', dataIndex: 'phone', key: 'phone', responsive: ['md'] },
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row: Row) => (
              <button type="button" onClick={onView}>{`View ${row.name}`}</button>
            ),
          },
        ]}
        rows={[{ id: 1, name: 'Wanjiku', balance: 'Ksh 1,000', phone: '0712345678' }]}
        rowKey="id"
        page={1}
        totalPages={1}
        onPageChange={() => {}}
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(1);
    expect(screen.getByRole('list', { name: 'Active Loans' })).toBeInTheDocument();
    expect(screen.getByText('Wanjiku')).toBeInTheDocument();
    expect(screen.getByRole('term')).toHaveTextContent('Balance');
    expect(screen.getByRole('definition')).toHaveTextContent('Ksh 1,000');
    // A column dropped on narrow screens is not in the card either.
    expect(screen.queryByText('0712345678')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'View Wanjiku' }));
    expect(onView).toHaveBeenCalled();
  });

  it('offers a Sort by select with each sortable column both ways', async () => {
    const onSortChange = jest.fn();
    render(
      <PagedTable<Row>
        label="Active Loans"
        columns={[
          { title: 'Customer', dataIndex: 'name', key: 'name', sorter: true },
          { title: 'Balance', dataIndex: 'balance', key: 'balance', sorter: true },
          { title: 'Phone', dataIndex: 'phone', key: 'phone' },
        ]}
        rows={[{ id: 1, name: 'Wanjiku', balance: 'Ksh 1,000', phone: '0712345678' }]}
        rowKey="id"
        onSortChange={onSortChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Sort Active Loans by' });
    fireEvent.mouseDown(select);
    // Each sortable column both ways (antd gives each option its label as title); Phone has no sort.
    for (const label of ['Customer (ascending)', 'Customer (descending)', 'Balance (ascending)']) {
      expect(await screen.findByTitle(label)).toBeInTheDocument();
    }
    expect(screen.queryByTitle('Phone (ascending)')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTitle('Balance (descending)'));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'balance', order: 'desc' });
  });
});

describe('paged table with row selection (issue 34)', () => {
  const rows: Row[] = [
    { id: 1, name: 'Wanjiku' },
    { id: 2, name: 'Baraka' },
  ];
  const selectionOf = (selectedKeys: number[], onChange = jest.fn()) => ({
    selectedKeys,
    onChange,
    label: (row: Row) => `Select ${row.name}`,
  });

  it('on a phone, puts a checkbox in each card and Select all above them, keeping other pages picked', () => {
    const restore = emulateScreenWidth(390);
    try {
      const onChange = jest.fn();
      render(
        <PagedTable<Row>
          label="Pending"
          columns={columns}
          rows={rows}
          rowKey="id"
          selection={selectionOf([1, 99], onChange)}
        />,
      );
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Select Wanjiku' })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Select Baraka' })).not.toBeChecked();
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select Baraka' }));
      expect(onChange).toHaveBeenLastCalledWith([1, 99, 2]);
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
      // Row 99 was picked on another page: it stays.
      expect(onChange).toHaveBeenLastCalledWith([99, 1, 2]);
    } finally {
      restore();
    }
  });

  it('on a phone, offers nothing to pick while the next page loads over the last one', () => {
    const restore = emulateScreenWidth(390);
    try {
      render(
        <PagedTable<Row>
          label="Pending"
          columns={columns}
          rows={rows}
          rowKey="id"
          loading
          selection={selectionOf([])}
        />,
      );
      expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeDisabled();
      expect(screen.getByRole('checkbox', { name: 'Select Wanjiku' })).toBeDisabled();
    } finally {
      restore();
    }
  });

  it('on a laptop, names each row checkbox and selects the focused row with Space', () => {
    const onChange = jest.fn();
    render(
      <PagedTable<Row>
        label="Pending"
        columns={columns}
        rows={rows}
        rowKey="id"
        selection={selectionOf([], onChange)}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Select Wanjiku' })).not.toBeChecked();
    const [first, second] = screen.getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
    first?.focus();
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowDown' });
    expect(second).toHaveFocus();
    fireEvent.keyDown(second as HTMLElement, { key: ' ' });
    expect(onChange).toHaveBeenLastCalledWith([2]);
  });

  it('keeps a row in the tab order when the next page is shorter than the row last focused', () => {
    const three: Row[] = [...rows, { id: 3, name: 'Achieng' }];
    const table = (shown: Row[]) => (
      <PagedTable<Row>
        label="Pending"
        columns={columns}
        rows={shown}
        rowKey="id"
        selection={selectionOf([])}
      />
    );
    const { rerender } = render(table(three));
    const tableRows = () => screen.getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
    act(() => tableRows()[2]?.focus());
    expect(tableRows().map((row) => row.tabIndex)).toEqual([-1, -1, 0]);
    rerender(table([{ id: 4, name: 'Njeri' }]));
    expect(tableRows().map((row) => row.tabIndex)).toEqual([0]);
  });

  it('draws no checkboxes without a selection', () => {
    render(<PagedTable<Row> label="Pending" columns={columns} rows={rows} rowKey="id" />);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getAllByRole('row').every((row) => !row.hasAttribute('tabindex'))).toBe(true);
  });
});
