import type { Key, ReactNode } from 'react';
import { serverMessage, type RequestError } from '../client/api-error';
import type { Paginated } from '../contract/common';
import { texts } from '../texts';
// The federation singleton by its package name (one antd in the page).
import { Button, Card, Flex, Typography, type TableColumnsType } from '@lender/shared/ui/antd';
import { ReloadOutlined } from '@lender/shared/ui/icons';
import { PagedTable } from './paged-table';

/** What a table takes of its query (RTK Query's result of one server page). */
export interface PageQuery<Row> {
  data?: Paginated<Row> | undefined;
  /** The answer for the page asked for now (undefined while another page loads). */
  currentData?: Paginated<Row> | undefined;
  error?: RequestError;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface QueryTableProps<Row> {
  query: PageQuery<Row>;
  /** The server page shown, from 1. */
  page: number;
  onPageChange: (page: number) => void;
  columns: TableColumnsType<Row>;
  /** The table's accessible name. */
  label: string;
  /** Names its Previous/Next when a page shows two lists ('failing commands'). */
  pagerOf: string;
  rowKey: keyof Row | ((row: Row) => Key);
  /** The list's own words for a failed load, so it is not read as the page failing. */
  errorText: string;
  emptyText: string;
  /** A page that polls: refetching the page shown stays quiet, only another page shows loading. */
  quietRefetch?: boolean;
}

/** One server page of a query in a PagedTable: rows, loading, the error with Retry, Previous/Next. */
export function QueryTable<Row extends object>({
  query,
  page,
  onPageChange,
  columns,
  label,
  pagerOf,
  rowKey,
  errorText,
  emptyText,
  quietRefetch,
}: QueryTableProps<Row>) {
  return (
    <PagedTable<Row>
      label={label}
      pagerOf={pagerOf}
      columns={columns}
      rows={query.data?.data}
      rowKey={rowKey}
      loading={query.isFetching && (!quietRefetch || query.currentData === undefined)}
      error={query.error}
      errorText={errorText}
      errorDetail={query.error ? serverMessage(query.error, texts.errors.unexpectedTryAgain) : undefined}
      onRetry={() => void query.refetch()}
      page={page}
      totalPages={query.data?.meta.totalPages}
      totalEstimated={query.data?.meta.totalEstimated}
      onPageChange={onPageChange}
      emptyText={emptyText}
    />
  );
}

/**
 * One list of a page in a card (the admin's device alerts, the sign-in throttles): its h2 title, a
 * Refresh button, a line saying what it holds, and the list.
 */
export function QueryTableCard<Row extends object>({
  title,
  description,
  ...table
}: Omit<QueryTableProps<Row>, 'label'> & { title: string; description: ReactNode }) {
  const { query } = table;
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={
        <Button
          icon={<ReloadOutlined aria-hidden />}
          aria-label={`Refresh ${title.toLowerCase()}`}
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          Refresh
        </Button>
      }
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{description}</Typography.Text>
        <QueryTable<Row> {...table} label={title} />
      </Flex>
    </Card>
  );
}

/**
 * After the row of an action leaves the list (dismissed, retried, cleared): when it was the last
 * row of a later page, the page before is shown instead of an empty one.
 */
export const pageAfterRemoval = (page: number, rowsShown: number): number =>
  page > 1 && rowsShown === 1 ? page - 1 : page;
