import { useState } from 'react';
import type { SignInThrottle, ThrottleScope } from '@lender/shared/contract/sign-in-throttles';
import { formatDateTime } from '@lender/shared/domain/date-time';
import { App, type TableColumnsType } from '@lender/shared/ui/antd';
import { pageAfterRemoval, QueryTableCard } from '@lender/shared/ui/query-table.tsx';
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
  const query = useGetSignInThrottlesQuery({ page });
  const [clearThrottle, clearing] = useClearSignInThrottleMutation();
  const { modal } = App.useApp();
  const toastOutcome = useToastOutcome();

  const confirmClear = (throttle: SignInThrottle): void => {
    modal.confirm({
      title: 'Clear this sign-in throttle?',
      content: `Sign-ins of ${throttledKey(throttle)} no longer wait, and its failures are forgotten.`,
      okText: 'Clear',
      cancelText: 'Cancel',
      onOk: async () => {
        const cleared = toastOutcome(await clearThrottle(throttle.id));
        if (cleared) setPage(pageAfterRemoval(page, query.data?.data.length ?? 0));
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
    <QueryTableCard<SignInThrottle>
      title={TITLE}
      description="Repeated failed sign-ins make the next attempt wait. Times are Nairobi time."
      query={query}
      page={page}
      onPageChange={setPage}
      pagerOf="sign-in throttles"
      columns={columns}
      rowKey="id"
      // Its own words, so that it is not read as the users list failing.
      errorText="The sign-in throttles could not be loaded."
      emptyText="No sign-in throttles."
    />
  );
}
