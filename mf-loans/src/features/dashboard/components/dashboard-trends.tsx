import { useId, useState } from 'react';
import { liveRefresh } from '@lender/shared/client/live-refresh';
import { useSeesWholeBook } from '@lender/shared/client/use-sees-whole-book';
import { texts } from '@lender/shared/texts';
import { Flex, theme, Typography } from '@lender/shared/ui/antd-core';
import { useGetDashboardTrendsQuery } from '../api/trends-api';
import { DueTodayList } from './due-today-list';
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

/**
 * The dashboard's trends (issue 14), under the cards: disbursed and collected per week against
 * the targets' weekly share, PAR30, and today's due loans. An officer sees their own book (the
 * server decides from the token); an admin the whole book or one officer's. On a phone the page
 * shows today's due loans first, above the cards, and not again here (`withDueToday`).
 */
export default function DashboardTrends({ withDueToday = true }: { withDueToday?: boolean }) {
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
      {withDueToday ? <DueTodayList officerId={officerId} /> : null}
    </>
  );
}
