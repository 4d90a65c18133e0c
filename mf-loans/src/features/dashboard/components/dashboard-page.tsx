import { lazy, Suspense, type ReactNode } from 'react';
import { liveRefresh } from '@lender/shared/client/live-refresh';
import { Link } from '@lender/shared/client/router';
import { useSeesWholeBook } from '@lender/shared/client/use-sees-whole-book';
import { useCan } from '@lender/shared/client/use-can';
import type { DashboardAnalytics } from '@lender/shared/contract/dashboard';
import { appRoutes } from '@lender/shared/contract/routes';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
// Only the small antd module the shell already loaded for sign-in: '/' is the first page after
// it, and antd-core has no Card/Statistic/Row/Col, so the cards are plain elements.
import { Flex, Typography, theme } from '@lender/shared/ui/antd-core';
import {
  useGetDashboardAnalyticsQuery,
  useGetDeviceProblemsSummaryQuery,
  useGetSuspenseSummaryQuery,
} from '../api/dashboard-api';
import DeferredTrends from './deferred-trends';
import { DueTodayList } from './due-today-list';
import { useIsPhone } from './use-is-phone';

// Admins only, and with antd's Card and Alert, which the first load of / does not carry: its own chunk.
const BackupStatusCard = lazy(() => import(/* webpackChunkName: "backup-status" */ './backup-status'));

interface DashboardCard {
  title: string;
  value: (data: DashboardAnalytics) => string;
  /** The list the figure counts, when there is one. */
  to?: string;
  /** Shown to admins only (docs/product.md#dashboard: officers do not see it). */
  adminOnly?: boolean;
}

const count = (n: number) => n.toLocaleString('en-KE');

/** The cards of the docs/product.md#dashboard, in its order and with its spelling ("Repossesed"). */
export const DASHBOARD_CARDS: DashboardCard[] = [
  { title: 'Active Loans', value: (d) => count(d.active_loans), to: appRoutes.loans },
  { title: 'Due Today', value: (d) => count(d.due_today), to: appRoutes.dueToday },
  {
    title: 'Defaulted Loans',
    value: (d) => count(d.defaulted_loans),
    to: appRoutes.defaulted,
    adminOnly: true,
  },
  { title: 'Cleared Loans', value: (d) => count(d.cleared_loans), to: appRoutes.paidLoans },
  { title: 'Repossesed', value: (d) => count(d.repossessed) },
  { title: 'Amount Collected', value: (d) => formatKsh(d.amount_collected) },
  { title: 'Amount Financed', value: (d) => formatKsh(d.amount_financed) },
];

function CardFrame({ to, label, children }: { to?: string; label: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const style = {
    display: 'block',
    flex: '1 1 220px',
    minWidth: 200,
    padding: 20,
    borderRadius: token.borderRadiusLG,
    border: `1px solid ${token.colorBorderSecondary}`,
    background: token.colorBgContainer,
    color: 'inherit',
    textDecoration: 'none',
  } as const;
  // A link is named by its content ("Active Loans 12"), as a label of its own must contain the
  // visible text (WCAG 2.5.3); a section is not a control, so a label is fine there.
  return to ? (
    <Link to={to} style={style}>
      {children}
    </Link>
  ) : (
    <section style={style} aria-label={label}>
      {children}
    </section>
  );
}

function CardContent({ title, value, detail }: { title: string; value: string; detail?: string }) {
  return (
    <>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <div style={{ fontSize: 26, fontWeight: 600, marginTop: 8, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </div>
      {detail ? <Typography.Text type="secondary">{detail}</Typography.Text> : null}
    </>
  );
}

/**
 * M-Pesa Suspense (issue 13, admins): how many paybill payments wait and how much, opening the
 * queue. Mounted for admins only, so an officer's browser never asks for the summary.
 */
function SuspenseCard() {
  const { data } = useGetSuspenseSummaryQuery(undefined, liveRefresh);
  if (!data) return null;
  return (
    <CardFrame to={appRoutes.mpesaSuspense} label="M-Pesa Suspense">
      <CardContent
        title="M-Pesa Suspense"
        value={count(data.waiting)}
        detail={`${formatKsh(data.amount)} waiting`}
      />
    </CardFrame>
  );
}

/**
 * Device problems (issue 35, admins): device-lock commands the provider keeps failing or refused,
 * and phones it reported in a state nobody asked for, opening Device Alerts; shown only while
 * there is one. Mounted for admins only, so an officer's browser never asks for the summary.
 */
function DeviceProblemsCard() {
  const { data } = useGetDeviceProblemsSummaryQuery(undefined, liveRefresh);
  if (!data || (data.failing === 0 && data.alerts === 0)) return null;
  return (
    <CardFrame to={appRoutes.deviceAlerts} label="Device problems">
      <CardContent
        title="Device problems"
        value={count(data.failing + data.alerts)}
        detail={`Device commands failing: ${count(data.failing)} · Device alerts: ${count(data.alerts)}`}
      />
    </CardFrame>
  );
}

/**
 * Dashboard (/): the caller's counts and amounts; each count card opens the list it counts. Under
 * them, the trends and today's due loans; on a phone, today's due loans come first.
 */
export default function DashboardPage() {
  const { data, isError } = useGetDashboardAnalyticsQuery(undefined, liveRefresh);
  const seesWholeBook = useSeesWholeBook();
  const cards = DASHBOARD_CARDS.filter((card) => seesWholeBook || !card.adminOnly);
  const maySeeSuspense = useCan('mpesa.suspense');
  const maySeeDeviceProblems = useCan('devices.manage');
  const maySeeBackups = useCan('backups.status');
  // On a phone the officer's work comes first: today's due loans, then the figures (issue 34).
  const phone = useIsPhone();

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0, marginBottom: 24 }}>
        Dashboard
      </Typography.Title>
      {phone ? <DueTodayList officerId={undefined} style={{ marginBottom: 24 }} /> : null}
      {data ? (
        <Flex wrap gap="middle">
          {cards.map((card) => {
            const value = card.value(data);
            return (
              <CardFrame key={card.title} to={card.to} label={`${card.title}: ${value}`}>
                <CardContent title={card.title} value={value} />
              </CardFrame>
            );
          })}
          {maySeeSuspense ? <SuspenseCard /> : null}
          {maySeeDeviceProblems ? <DeviceProblemsCard /> : null}
          {maySeeBackups ? (
            <Suspense fallback={null}>
              <BackupStatusCard />
            </Suspense>
          ) : null}
        </Flex>
      ) : isError ? (
        <Typography.Text type="danger">{texts.errors.unexpectedTryAgain}</Typography.Text>
      ) : (
        <Typography.Text aria-live="polite">{texts.common.loading}</Typography.Text>
      )}
      {/* Under the cards, once they are drawn: the trends load on their own (deferred-trends.tsx). */}
      {data ? <DeferredTrends withDueToday={!phone} /> : null}
    </>
  );
}
