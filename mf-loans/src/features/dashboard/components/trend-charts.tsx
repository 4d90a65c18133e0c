import { useId, type ReactNode } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DashboardTrendWeek } from '@lender/shared/contract/dashboard';
import { formatDay } from '@lender/shared/domain/date-time';
import { formatKsh } from '@lender/shared/domain/money';
import { theme, Typography } from '@lender/shared/ui/antd-core';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "16 Mar" from YYYY-MM-DD, without the time zone moving the day: the axis ticks (the words say formatDay's "16 Mar 2026"). */
export const shortDate = (date: string) => {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1] ?? ''}`;
};
/** Axis ticks: 25k, 1.2M. */
const compact = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 });

const CHART_HEIGHT = 220;

/** The chart's frame: a named image for assistive technology, its figures in words beside it. */
function ChartFigure({
  title,
  summary,
  note,
  children,
}: {
  title: string;
  summary: string;
  note?: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const summaryId = useId();
  return (
    <div
      style={{
        flex: '1 1 340px',
        minWidth: 0,
        padding: 16,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
      }}
    >
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {/* The drawing is one image named by the title; the figures it shows are read from the summary. */}
      <div
        role="img"
        aria-label={title}
        aria-describedby={summaryId}
        style={{ width: '100%', height: CHART_HEIGHT }}
      >
        {children}
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
        <span id={summaryId}>{summary}</span>
        {note ? <> {note}</> : null}
      </Typography.Text>
    </div>
  );
}

/** The colours of the charts from the antd theme, so they follow light and dark. */
function useChartColours() {
  const { token } = theme.useToken();
  return {
    bar: token.colorPrimary,
    target: token.colorWarning,
    risk: token.colorError,
    text: token.colorTextSecondary,
    grid: token.colorBorderSecondary,
    tooltip: {
      contentStyle: {
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        color: token.colorText,
      },
      labelStyle: { color: token.colorText },
      cursor: { fill: token.colorFillSecondary },
    },
  };
}

type MoneyKey = 'disbursed' | 'collected';

/** Weekly bars of one amount with the weeks' share of its monthly target as a line. */
// The axes' props both charts share (recharts reads its axes as direct children, so props, not a component).
const weekAxis = (colours: ReturnType<typeof useChartColours>) =>
  ({
    dataKey: 'week',
    tick: { fill: colours.text, fontSize: 11 },
    stroke: colours.grid,
    interval: 'preserveStartEnd',
    minTickGap: 8,
  }) as const;
const valueAxis = (colours: ReturnType<typeof useChartColours>) =>
  ({ width: 44, tick: { fill: colours.text, fontSize: 11 }, stroke: colours.grid }) as const;

function MoneyChart({
  weeks,
  amount,
  target,
  title,
  name,
}: {
  weeks: DashboardTrendWeek[];
  amount: MoneyKey;
  target: 'disbursement_target' | 'collection_target';
  title: string;
  name: string;
}) {
  const colours = useChartColours();
  const data = weeks.map((w) => ({ week: shortDate(w.week_start), amount: w[amount], target: w[target] }));
  const current = weeks.at(-1);
  const total = weeks.reduce((sum, w) => sum + w[amount], 0);
  const hasTarget = weeks.some((w) => w[target] > 0);
  const summary =
    `${formatKsh(total)} over the 12 weeks from ${formatDay(weeks[0]?.week_start)}; ` +
    `this week ${formatKsh(current?.[amount] ?? 0)}` +
    (hasTarget ? ` against a target share of ${formatKsh(current?.[target] ?? 0)}.` : '. No target set.');
  return (
    <ChartFigure title={title} summary={summary}>
      <ResponsiveContainer width="100%" height="100%">
        {/* Keyboard tooltips off: the chart is one image to assistive technology, named above. */}
        <ComposedChart
          data={data}
          margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={colours.grid} vertical={false} />
          <XAxis {...weekAxis(colours)} />
          <YAxis {...valueAxis(colours)} tickFormatter={(value: number) => compact.format(value)} />
          <Tooltip {...colours.tooltip} formatter={(value) => formatKsh(Number(value))} />
          <Bar
            dataKey="amount"
            name={name}
            fill={colours.bar}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
          {hasTarget ? (
            <Line
              dataKey="target"
              name="Target share"
              type="stepAfter"
              stroke={colours.target}
              strokeDasharray="5 4"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ) : null}
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

function Par30Chart({ weeks }: { weeks: DashboardTrendWeek[] }) {
  const colours = useChartColours();
  const data = weeks.map((w) => ({ week: shortDate(w.week_start), par30: w.par30 }));
  const recorded = weeks.filter((w) => w.par30 !== null);
  const first = recorded[0];
  const latest = recorded.at(-1);
  const summary = latest
    ? `${latest.par30 ?? 0}% of the open balance more than 30 days late on ${formatDay(latest.par30_as_of)}.`
    : 'No PAR30 recorded yet: it is taken each night, and at start-up.';
  // Weeks before the first snapshot have no point (PAR30 of the past cannot be recomputed).
  const note =
    first && first !== weeks[0]
      ? `Recorded since ${formatDay(first.par30_as_of ?? first.week_start)}.`
      : undefined;
  return (
    <ChartFigure title="PAR30 by week" summary={summary} {...(note ? { note } : {})}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={colours.grid} vertical={false} />
          <XAxis {...weekAxis(colours)} />
          <YAxis
            {...valueAxis(colours)}
            domain={[0, 'auto']}
            tickFormatter={(value: number) => `${value}%`}
          />
          <Tooltip {...colours.tooltip} formatter={(value) => `${Number(value)}%`} />
          <Line
            dataKey="par30"
            name="PAR30"
            stroke={colours.risk}
            strokeWidth={2}
            dot={{ r: 3, fill: colours.risk }}
            connectNulls={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** The three trend charts, side by side on a wide screen and one under another on a phone. */
export default function TrendCharts({ weeks }: { weeks: DashboardTrendWeek[] }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
      <MoneyChart
        weeks={weeks}
        amount="disbursed"
        target="disbursement_target"
        title="Disbursed per week"
        name="Disbursed"
      />
      <MoneyChart
        weeks={weeks}
        amount="collected"
        target="collection_target"
        title="Collected per week"
        name="Collected"
      />
      <Par30Chart weeks={weeks} />
    </div>
  );
}
