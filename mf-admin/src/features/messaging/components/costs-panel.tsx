import { serverMessage } from '@lender/shared/client/api-error';
import type { MessageCosts } from '@lender/shared/contract/messages';
import { texts } from '@lender/shared/texts';
import { Flex, Typography, type TableColumnsType } from '@lender/shared/ui/antd';
import { moneyColumn } from '@lender/shared/ui/money.tsx';
import { monthLabel } from '@lender/shared/ui/month-navigator.tsx';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { useGetMessageCostsQuery } from '../api/messaging-api';

type CostMonth = MessageCosts['months'][number];

const TITLE = 'SMS cost by month';
const count = (n: number) => n.toLocaleString('en-KE');

/** '2026-11' as 'November 2026'; anything else as it came. */
function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return year && number ? monthLabel({ year, month: number }) : month;
}

const COLUMNS: TableColumnsType<CostMonth> = [
  { title: 'Month', dataIndex: 'month', key: 'month', render: (month: string) => monthName(month) },
  { title: 'Messages', dataIndex: 'messages', key: 'messages', align: 'right', render: count },
  { title: 'SMS parts', dataIndex: 'parts', key: 'parts', align: 'right', render: count },
  moneyColumn<CostMonth>('Cost', 'cost'),
];

/** What the SMS provider billed, month by month. */
export function CostsPanel() {
  const { data, error, isFetching, refetch } = useGetMessageCostsQuery();
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        {TITLE}
      </Typography.Title>
      <Typography.Text type="secondary">
        As the SMS provider billed them: a long message costs one SMS part per 153 characters.
      </Typography.Text>
      <PagedTable<CostMonth>
        label={TITLE}
        columns={COLUMNS}
        rows={data?.months}
        rowKey="month"
        loading={isFetching}
        error={error}
        errorText="The SMS costs could not be loaded."
        errorDetail={error ? serverMessage(error, texts.errors.unexpectedTryAgain) : undefined}
        onRetry={() => void refetch()}
        emptyText="No SMS has been sent yet."
      />
    </Flex>
  );
}
