import { fireEvent, render, screen } from '@testing-library/react';
import { PagedTable } from './paged-table';

const columns = [{ title: 'Name', dataIndex: 'name' }];

describe('paged table', () => {
  it('shows the page of the server and keeps Previous/Next within its pages', () => {
    const onPageChange = jest.fn();
    render(
      <PagedTable
        columns={columns}
        rows={[{ id: 1, name: 'Wanjiku' }]}
        rowKey="id"
        page={1}
        totalPages={3}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('names its Previous/Next after the list when a page shows two', () => {
    const onPageChange = jest.fn();
    render(
      <PagedTable
        columns={columns}
        rows={[{ id: 1, name: 'Wanjiku' }]}
        rowKey="id"
        page={2}
        totalPages={3}
        onPageChange={onPageChange}
        pagerOf="sign-in throttles"
      />,
    );
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
      <PagedTable
        columns={columns}
        rows={[{ id: 1, name: 'Wanjiku' }]}
        rowKey="id"
        page={100}
        totalPages={100}
        totalEstimated
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText('Page 100 of more than 100')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(101);
  });
});
