import {
  INSTALLMENT_STATE_LABELS,
  type InstallmentState,
  type LoanDetail,
  type ScheduleInstallment,
} from '@lender/shared/contract/loans';
import { Card, Table, Tag, Typography, theme, type TableColumnsType } from '@lender/shared/ui/antd';
import { formatDay } from '@lender/shared/domain/date-time';
import { Money, moneyColumn } from '@lender/shared/ui/money.tsx';
import { useScrollRegion } from '@lender/shared/ui/scroll-region';

/** Each state's tag colour (antd presets, as the status badges): paid blue, due gold, overdue red. */
const STATE_COLOURS: Record<InstallmentState, string> = { paid: 'blue', due: 'gold', overdue: 'red' };

/** The installment to pay next: the first one not fully covered (its due date is the loan's due date). */
export const nextInstallment = (schedule: readonly ScheduleInstallment[]): ScheduleInstallment | undefined =>
  schedule.find((installment) => installment.state !== 'paid');

function columns(next: number | undefined): TableColumnsType<ScheduleInstallment> {
  return [
    { title: '#', dataIndex: 'number', key: 'number', align: 'right', width: 48 },
    {
      title: 'Due Date',
      dataIndex: 'due_date',
      key: 'due_date',
      render: (date: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDay(date)}</span>,
    },
    moneyColumn<ScheduleInstallment>('Amount', 'amount'),
    moneyColumn<ScheduleInstallment>('Paid', 'paid'),
    moneyColumn<ScheduleInstallment>('Remaining', 'remaining'),
    moneyColumn<ScheduleInstallment>('Late Fee', 'late_fee'),
    {
      title: 'State',
      dataIndex: 'state',
      key: 'state',
      render: (state: InstallmentState, installment) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Tag color={STATE_COLOURS[state]}>{INSTALLMENT_STATE_LABELS[state]}</Tag>
          {installment.number === next ? (
            <Tag color="processing" style={{ marginInlineEnd: 0 }}>
              Next
            </Tag>
          ) : null}
        </span>
      ),
    },
  ];
}

/**
 * 'Schedule' (docs/product.md#loan-detail): every installment as the server's loan engine counts it
 * today (due date, amount, what the approved repayments covered, what remains, its late fee and its
 * state), the next one to pay highlighted and tagged "Next". A wide table scrolls inside itself on
 * a phone.
 */
export function LoanScheduleCard({ loan }: { loan: LoanDetail }) {
  const { token } = theme.useToken();
  const next = nextInstallment(loan.schedule);
  const region = useScrollRegion('Schedule');
  return (
    <Card title="Schedule" size="small">
      {next ? (
        <Typography.Paragraph>
          Next: installment {next.number}, <Money amount={next.remaining} /> due {formatDay(next.due_date)}
        </Typography.Paragraph>
      ) : null}
      <div ref={region}>
        <Table<ScheduleInstallment>
          aria-label="Schedule"
          size="small"
          columns={columns(next?.number)}
          dataSource={loan.schedule}
          rowKey="number"
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'No schedule yet: the loan is not disbursed.' }}
          onRow={(installment) =>
            installment.number === next?.number
              ? {
                  'aria-current': 'step',
                  style: { background: token.colorPrimaryBg, fontWeight: token.fontWeightStrong },
                }
              : {}
          }
        />
      </div>
    </Card>
  );
}
