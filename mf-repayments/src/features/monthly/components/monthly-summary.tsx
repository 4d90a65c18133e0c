import { Card, Col, Progress, Row, Statistic, Typography } from '@lender/shared/ui/antd';
import { formatKsh } from '@lender/shared/domain/money';

interface MonthlySummaryProps {
  countLabel: string;
  count: number;
  total: number;
  target: number;
  deficit: number;
  percentage: number;
}

/** Count, total, target and deficit of the month, and how far the total is towards the target. */
export function MonthlySummary({
  countLabel,
  count,
  total,
  target,
  deficit,
  percentage,
}: MonthlySummaryProps) {
  const cards = [
    { title: countLabel, value: String(count) },
    { title: 'Total', value: formatKsh(total) },
    { title: 'Target', value: formatKsh(target) },
    { title: 'Deficit', value: formatKsh(deficit) },
  ];
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {cards.map((card) => (
          <Col key={card.title} xs={24} sm={12} lg={6}>
            <Card size="small" aria-label={card.title}>
              <Statistic title={card.title} value={card.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">Percentage of target</Typography.Text>
        <Progress
          aria-label="Percentage of target"
          percent={Math.min(100, Math.max(0, percentage))}
          format={() => `${percentage.toFixed(2)}%`}
        />
      </Card>
    </>
  );
}
