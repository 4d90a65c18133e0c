import { Link } from '@lender/shared/client/router';
import { appRoutes } from '@lender/shared/contract/routes';
import { Card, Col, Progress, Row, Statistic, Typography } from '@lender/shared/ui/antd';
import { formatKsh } from '@lender/shared/domain/money';
import { useCan } from '@lender/shared/client/use-can';

export const NO_TARGET_TEXT = 'No target set';

interface MonthlySummaryProps {
  countLabel: string;
  count: number;
  total: number;
  /** 0 when no target is set for the month (the server answers 0 then). */
  target: number;
  deficit: number;
  percentage: number;
}

/**
 * Count, total, target and deficit of the month, and how far the total is towards the target.
 * Without a target it says so, rather than "Ksh 0.00" and "0.00%", and admins get a way to set one.
 */
export function MonthlySummary({
  countLabel,
  count,
  total,
  target,
  deficit,
  percentage,
}: MonthlySummaryProps) {
  const maySetTargets = useCan('targets.set');
  const hasTarget = target > 0;
  const cards = [
    { title: countLabel, value: String(count) },
    { title: 'Total', value: formatKsh(total) },
    { title: 'Target', value: hasTarget ? formatKsh(target) : NO_TARGET_TEXT },
    { title: 'Deficit', value: hasTarget ? formatKsh(deficit) : '—' },
  ];
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {cards.map((card) => (
          <Col key={card.title} xs={24} sm={12} lg={6}>
            <Card size="small" role="group" aria-label={card.title}>
              <Statistic title={card.title} value={card.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">Percentage of target</Typography.Text>
        {hasTarget ? (
          <Progress
            aria-label="Percentage of target"
            percent={Math.min(100, Math.max(0, percentage))}
            format={() => `${percentage.toFixed(2)}%`}
          />
        ) : (
          <Typography.Paragraph style={{ margin: '8px 0 0' }}>
            {NO_TARGET_TEXT} for this month.{' '}
            {maySetTargets && <Link to={appRoutes.targets}>Set a target in Monthly Targets</Link>}
          </Typography.Paragraph>
        )}
      </Card>
    </>
  );
}
