import { useState } from 'react';
import { serverMessage } from '@lender/shared/client/api-error';
import type { SignInThrottle, ThrottleScope } from '@lender/shared/contract/sign-in-throttles';
import { formatDateTime } from '@lender/shared/domain/date-time';
import { texts } from '@lender/shared/texts';
import { App, Button, Card, Flex, Typography, type TableColumnsType } from '@lender/shared/ui/antd';
import { ReloadOutlined } from '@lender/shared/ui/icons';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { useClearSignInThrottleMutation, useGetSignInThrottlesQuery } from '../api/sign-in-throttles-api';
import { useToastOutcome } from '../hooks/use-user-actions';

const SCOPE_LABELS: Record<ThrottleScope, string> = { pair: 'Account + address', address: 'Address' };
const TITLE = 'Sign-in throttles';

/** Whose sign-ins a throttle holds back, in a few words: "amina@… from 10.0.0.7" or "10.0.0.7". */
const throttledKey = (throttle: SignInThrottle) =>
  throttle.scope === 'pair' && throttle.email
    ? `${throttle.email} from ${throttle.address}`
    : throttle.address;

/**
 * Sign-in throttles (admins, below the users): failed sign-ins counted per account and address
 * and per address, one server page at a time; Clear lets a key's sign-ins through at once (a
 * branch whose shared address was throttled, a colleague who mistyped too often).
 */
export function SignInThrottlesCard() {
  const [page, setPage] = useState(1);
  const { data, error, isFetching, refetch } = useGetSignInThrottlesQuery({ page });
  const [clearThrottle, clearing] = useClearSignInThrottleMutation();
  const { modal } = App.useApp();
  const toastOutcome = useToastOutcome();
  const rows = data?.data;

  const confirmClear = (throttle: SignInThrottle): void => {
    modal.confirm({
      title: 'Clear this sign-in throttle?',
      content: `Sign-ins of ${throttledKey(throttle)} no longer wait, and its failures are forgotten.`,
      okText: 'Clear',
      cancelText: 'Cancel',
      onOk: async () => {
        const cleared = toastOutcome(await clearThrottle(throttle.id));
        // The last row of a later page is gone: show the page before.
        if (cleared && page > 1 && rows?.length === 1) setPage(page - 1);
      },
    });
  };

  const columns: TableColumnsType<SignInThrottle> = [
    {
      title: 'Scope',
      dataIndex: 'scope',
      key: 'scope',
      render: (scope: ThrottleScope) => SCOPE_LABELS[scope],
    },
    { title: 'E-mail', dataIndex: 'email', key: 'email', render: (email: string | null) => email ?? '—' },
    { title: 'Address', dataIndex: 'address', key: 'address' },
    { title: 'Failures', dataIndex: 'failures', key: 'failures', align: 'right' },
    {
      title: 'Last failure',
      dataIndex: 'last_failure_at',
      key: 'last_failure_at',
      render: (at: string) => formatDateTime(at),
    },
    {
      title: 'Blocked until',
      dataIndex: 'blocked_until',
      key: 'blocked_until',
      render: (until: string | null) => (until ? formatDateTime(until) : 'Not blocked'),
    },
    actionsColumn<SignInThrottle>((throttle) => [
      {
        text: 'Clear',
        label: `Clear throttle of ${throttledKey(throttle)}`,
        loading: clearing.isLoading && clearing.originalArgs === throttle.id,
        onClick: () => confirmClear(throttle),
      },
    ]),
  ];

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {TITLE}
        </Typography.Title>
      }
      extra={
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void refetch()} disabled={isFetching}>
          Refresh
        </Button>
      }
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">
          Repeated failed sign-ins make the next attempt wait. Times are Nairobi time.
        </Typography.Text>
        <PagedTable<SignInThrottle>
          label={TITLE}
          pagerOf="sign-in throttles"
          columns={columns}
          rows={rows}
          rowKey="id"
          loading={isFetching}
          error={error}
          // Its own words, so that it is not read as the users list failing.
          errorText="The sign-in throttles could not be loaded."
          errorDetail={error ? serverMessage(error, texts.errors.unexpectedTryAgain) : undefined}
          onRetry={() => void refetch()}
          page={page}
          totalPages={data?.meta.totalPages}
          totalEstimated={data?.meta.totalEstimated}
          onPageChange={setPage}
          emptyText="No sign-in throttles."
        />
      </Flex>
    </Card>
  );
}
