import { useId, type CSSProperties } from 'react';
import { Link } from '@lender/shared/client/router';
import { liveRefresh } from '@lender/shared/client/live-refresh';
import { appRoutes } from '@lender/shared/contract/routes';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { Flex, theme, Typography } from '@lender/shared/ui/antd-core';
import { useGetDueTodayFirstPageQuery } from '../api/trends-api';

/** Today's due loans with their phones: the Due Today list's first page, compact. */
export function DueTodayList({
  officerId,
  style = { marginTop: 24 },
}: {
  officerId: number | undefined;
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  const { data, isError } = useGetDueTodayFirstPageQuery(
    officerId === undefined ? {} : { officerId },
    liveRefresh,
  );
  const headingId = useId();
  const more = data && (data.meta.totalPages > 1 || data.meta.totalEstimated);
  return (
    <section aria-labelledby={headingId} style={style}>
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
