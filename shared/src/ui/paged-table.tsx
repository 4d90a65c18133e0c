import type { Key } from 'react';
import { Button, Empty, Flex, Table, Typography, type TableColumnsType } from '@lender/shared/ui/antd';
import { texts } from '../texts';

interface PagedTableProps<Row> {
  columns: TableColumnsType<Row>;
  rows: Row[] | undefined;
  rowKey: keyof Row | ((row: Row) => Key);
  loading?: boolean;
  /** Server page, starting at 1 (specification §9). */
  page: number;
  /** meta.totalPages from the server; Previous/Next stay within it. */
  totalPages: number | undefined;
  /** meta.totalEstimated: the server stopped counting, so totalPages is a lower bound and more pages follow. */
  totalEstimated?: boolean | undefined;
  onPageChange: (page: number) => void;
  /** What an empty list says ('No loans are due today.'). */
  emptyText?: string;
  /** Accessible name of the table. */
  label?: string;
  /**
   * Where a page shows two paged lists, names its Previous/Next after the list ('Previous page of
   * sign-in throttles'), so that each pair can be told apart; the visible words stay the same.
   */
  pagerOf?: string;
}

/**
 * A table of one server page with the specification's Previous/Next buttons and 'Page x of y'.
 * The server decides the page size, so the table itself never paginates.
 */
export function PagedTable<Row extends object>({
  columns,
  rows,
  rowKey,
  loading,
  page,
  totalPages,
  totalEstimated,
  onPageChange,
  emptyText,
  label,
  pagerOf,
}: PagedTableProps<Row>) {
  const lastPage = Math.max(1, totalPages ?? 1);
  const pagerName = (button: string) => (pagerOf ? `${button} page of ${pagerOf}` : undefined);
  return (
    <div>
      <Table<Row>
        aria-label={label}
        columns={columns}
        dataSource={rows ?? []}
        rowKey={rowKey as never}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={emptyText ? { emptyText: <Empty description={emptyText} /> } : undefined}
      />
      <Flex justify="space-between" align="center" style={{ marginTop: 16 }}>
        <Button
          aria-label={pagerName(texts.common.previous)}
          disabled={page <= 1 || loading}
          onClick={() => onPageChange(page - 1)}
        >
          {texts.common.previous}
        </Button>
        <Typography.Text aria-live="polite">
          {totalEstimated
            ? texts.common.pageOfMoreThan(page, lastPage)
            : texts.common.pageOf(Math.min(page, lastPage), lastPage)}
        </Typography.Text>
        <Button
          aria-label={pagerName(texts.common.next)}
          disabled={(page >= lastPage && !totalEstimated) || loading}
          onClick={() => onPageChange(page + 1)}
        >
          {texts.common.next}
        </Button>
      </Flex>
    </div>
  );
}
