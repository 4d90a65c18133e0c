import { useId, useState } from 'react';
import { Link } from '@lender/shared/client/router';
import { liveRefresh } from '@lender/shared/client/live-refresh';
import { useSeesWholeBook } from '@lender/shared/client/use-sees-whole-book';
import { appRoutes } from '@lender/shared/contract/routes';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { Flex, theme, Typography } from '@lender/shared/ui/antd-core';
import { useGetDashboardTrendsQuery, useGetDueTodayFirstPageQuery } from '../api/trends-api';
import TrendCharts from './trend-charts';
import { TrendsSkeleton } from './trends-skeleton';

/**
 * An admin's choice of book: everyone's or one officer's. A native select (labelled, styled with
 * the theme's colours): antd's Select would bring antd.ts, which the dashboard does not load.
 */
function OfficerPicker({
  officers,
  value,
  onChange,
}: {
  officers: { id: number; name: string }[];
  value: number | undefined;
  onChange: (officerId: number | undefined) => void;
}) {
  const { token } = theme.useToken();
  const id = useId();
  return (
    <Flex align="center" gap="small" wrap>
      <label htmlFor={id}>Officer</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        style={{
          minWidth: 200,
          maxWidth: '100%',
          height: token.controlHeight,
          padding: '0 8px',
          borderRadius: token.borderRadius,
          border: `1px solid ${token.colorBorder}`,
          background: token.colorBgContainer,
          color: token.colorText,
          font: 'inherit',
        }}
      >
        <option value="">Whole book</option>
        {officers.map((officer) => (
          <option key={officer.id} value={officer.id}>
            {officer.name}
          </option>
        ))}
      </select>
    </Flex>
  );
}

/** Today's due loans with their phones: the Due Today list's first page, compact. */
function DueTodayList({ officerId }: { officerId: number | undefined }) {
  const { token } = theme.useToken();
  const { data, isError } = useGetDueTodayFirstPageQuery(
    officerId === undefined ? {} : { officerId },
    liveRefresh,
  );
  const headingId = useId();
  const more = data && (data.meta.totalPages > 1 || data.meta.totalEstimated);
  return (
    <section aria-labelledby={headingId} style={{ marginTop: 24 }}>
      <Flex justify="space-between" align="baseline" wrap gap="small">
        <Typography.Title level={2} id={headingId} style={{ fontSize: 18, margin: 0 }}>
          Due today
        </Typography.Title>
        <Link to={appRoutes.dueToday}>{more ? `See all ${data.meta.total}` : 'See all'}</Link>
      </Flex>
      {isError ? (
        <Typography.Text type="danger">{texts.errors.unexpectedTryAgain}</Typography.Text>
      ) : !data ? (
        <div
          role="status"
          aria-label="Loading today's due loans"
          style={{
            height: 120,
            marginTop: 12,
            borderRadius: token.borderRadiusLG,
            background: token.colorFillQuaternary,
          }}
        />
      ) : data.data.length === 0 ? (
        <Typography.Text type="secondary">{texts.empty.dueToday}</Typography.Text>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: '12px 0 0' }}>
          {data.data.map((loan) => (
            <li
              key={loan.id}
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: '4px 16px',
                alignItems: 'baseline',
                padding: '10px 0',
                borderTop: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              <span style={{ flex: '1 1 160px', fontWeight: 500 }}>{loan.customer_name}</span>
              <a
                href={`tel:${loan.phone}`}
                style={{ flex: '0 0 auto' }}
                aria-label={`Call ${loan.customer_name} on ${loan.phone}`}
              >
                {loan.phone}
              </a>
              <span style={{ flex: '0 0 auto', fontVariantNumeric: 'tabular-nums' }}>
                {formatKsh(loan.arrears)} due
              </span>
              <Link
                to={appRoutes.viewLoan(loan.id)}
                aria-label={`Loan ${loan.account_number} of ${loan.customer_name}`}
              >
                {loan.account_number}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The dashboard's trends (issue 14), under the cards: disbursed and collected per week against
 * the targets' weekly share, PAR30, and today's due loans. An officer sees their own book (the
 * server decides from the token); an admin the whole book or one officer's.
 */
export default function DashboardTrends() {
  const seesWholeBook = useSeesWholeBook();
  const [officerId, setOfficerId] = useState<number | undefined>(undefined);
  const { data, isError } = useGetDashboardTrendsQuery(
    { ...(officerId === undefined ? {} : { officerId }) },
    liveRefresh,
  );
  const headingId = useId();
  return (
    <>
      <section aria-labelledby={headingId}>
        <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: 16 }}>
          <Typography.Title level={2} id={headingId} style={{ fontSize: 18, margin: 0 }}>
            Last 12 weeks
          </Typography.Title>
          {seesWholeBook && data ? (
            <OfficerPicker officers={data.officers} value={officerId} onChange={setOfficerId} />
          ) : null}
        </Flex>
        {isError ? (
          <Typography.Text type="danger">{texts.errors.unexpectedTryAgain}</Typography.Text>
        ) : data ? (
          <TrendCharts weeks={data.weeks} />
        ) : (
          <TrendsSkeleton />
        )}
      </section>
      <DueTodayList officerId={officerId} />
    </>
  );
}
