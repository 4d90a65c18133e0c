import type { LoanReportSummary } from '@lender/shared/contract/reports';
import { formatKsh } from '@lender/shared/domain/money';
import { Card, Col, Row, Statistic } from '@lender/shared/ui/antd';

const percent = (value: number) => `${value.toFixed(2)}%`;

/** The period's loans counted by status: each card's title and the summary's field. */
const STATUS_COUNTS = {
  Active: 'active_loans',
  Cleared: 'cleared_loans',
  Overdue: 'overdue_loans',
  'Partially Paid': 'partially_paid_loans',
  Defaulted: 'defaulted_loans',
  Repossessed: 'repossessed_loans',
} as const satisfies Record<string, keyof LoanReportSummary>;

/** The loan report's summary cards: amounts, counts by status, PAR and the collection rate. */
export function ReportSummary({ summary }: { summary: LoanReportSummary }) {
  const cards: { title: string; value: string }[] = [
    { title: 'Total Disbursed', value: formatKsh(summary.total_disbursed) },
    { title: 'Total Paid', value: formatKsh(summary.total_paid) },
    ...Object.entries(STATUS_COUNTS).map(([title, field]) => ({ title, value: String(summary[field]) })),
    { title: 'Repossessed Collections', value: formatKsh(summary.repossessed_collections) },
    { title: 'PAR 1', value: percent(summary.par1) },
    { title: 'PAR 30', value: percent(summary.par30) },
    { title: 'Collection Rate (%)', value: percent(summary.collection_rate) },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col key={card.title} xs={24} sm={12} lg={6}>
          <Card size="small" aria-label={card.title}>
            <Statistic title={card.title} value={card.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
