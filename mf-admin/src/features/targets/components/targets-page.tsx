import { useState } from 'react';
import { serverMessage } from '@lender/shared/client/api-error';
import type { Target, TargetInput } from '@lender/shared/contract/targets';
import { texts } from '@lender/shared/texts';
import {
  App,
  Button,
  Flex,
  InputNumber,
  Skeleton,
  Table,
  type TableColumnsType,
} from '@lender/shared/ui/antd';
import { ListErrorAlert } from '@lender/shared/ui/list-error-alert.tsx';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { useGetTargetsQuery, usePutTargetsMutation, type MonthArg } from '../api/targets-api';
import { currentMonth, monthLabel, MonthNavigator } from '@lender/shared/ui/month-navigator.tsx';
import { KSH_INPUT } from '@lender/shared/ui/money.tsx';

type Amounts = { disbursement: number | null; collection: number | null };
type Field = keyof Amounts;

const TOAST = { placement: 'topRight', duration: 5 } as const;
const rowKey = (row: Target) => (row.officer_id === null ? 'company' : String(row.officer_id));
const rowName = (row: Target) =>
  row.officer_id === null ? 'Company' : (row.officer_name ?? texts.common.unknown);
const fieldLabel = (row: Target, field: Field) => `${rowName(row)} ${field} target`;

interface TargetsFormProps {
  month: MonthArg;
  rows: Target[];
}

/** The month's targets as editable amounts; Save sends every row. Remounted when the rows are refetched. */
function TargetsForm({ month, rows }: TargetsFormProps) {
  const { notification } = App.useApp();
  const [putTargets, { isLoading }] = usePutTargetsMutation();
  const [amounts, setAmounts] = useState<Record<string, Amounts>>(() =>
    Object.fromEntries(
      rows.map((row) => [
        rowKey(row),
        { disbursement: row.disbursement_target, collection: row.collection_target },
      ]),
    ),
  );

  const change = (key: string, field: Field, value: number | null) =>
    setAmounts((current) => ({ ...current, [key]: { ...current[key], [field]: value } as Amounts }));

  const amountInput = (field: Field) => (_: unknown, row: Target) => (
    <InputNumber<number>
      aria-label={fieldLabel(row, field)}
      min={0}
      precision={2}
      {...KSH_INPUT}
      value={amounts[rowKey(row)]?.[field] ?? null}
      onChange={(value) => change(rowKey(row), field, value)}
      style={{ width: 200 }}
    />
  );

  const columns: TableColumnsType<Target> = [
    { title: 'Target for', key: 'name', render: (_, row) => rowName(row) },
    { title: 'Disbursement target', key: 'disbursement', render: amountInput('disbursement') },
    { title: 'Collection target', key: 'collection', render: amountInput('collection') },
  ];

  const save = async () => {
    const targets: TargetInput[] = rows.map((row) => {
      const entry = amounts[rowKey(row)];
      return {
        officerId: row.officer_id,
        disbursementTarget: entry?.disbursement ?? 0,
        collectionTarget: entry?.collection ?? 0,
      };
    });
    const result = await putTargets({ ...month, targets });
    if (result.error) {
      notification.error({ ...TOAST, title: serverMessage(result.error, texts.errors.unexpectedTryAgain) });
      return;
    }
    notification.success({ ...TOAST, title: result.data.message });
  };

  return (
    <Flex vertical gap="middle">
      <Table<Target>
        aria-label={`Targets for ${monthLabel(month)}`}
        columns={columns}
        dataSource={rows}
        rowKey={rowKey}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <Flex justify="end">
        <Button type="primary" loading={isLoading} onClick={() => void save()}>
          Save
        </Button>
      </Flex>
    </Flex>
  );
}

/** Monthly Targets (/targets, admins): company-wide and per-officer disbursement and collection targets. */
export default function TargetsPage() {
  const [month, setMonth] = useState<MonthArg>(currentMonth);
  const { data, error, isFetching, fulfilledTimeStamp, refetch } = useGetTargetsQuery(month);

  return (
    <>
      <PageHeader
        title="Monthly Targets"
        description="Disbursement and collection targets, company-wide and per officer."
        extra={<MonthNavigator value={month} onChange={setMonth} />}
      />
      {error && !isFetching ? (
        <ListErrorAlert
          error={error}
          message={serverMessage(error, texts.errors.unexpectedTryAgain)}
          onRetry={() => void refetch()}
        />
      ) : null}
      {data && !error && !isFetching ? (
        <TargetsForm key={`${month.year}-${month.month}-${fulfilledTimeStamp}`} month={month} rows={data} />
      ) : null}
      {/* A skeleton, not an empty table, so that loading never reads as 'No data'. */}
      {isFetching ? <Skeleton active /> : null}
    </>
  );
}
