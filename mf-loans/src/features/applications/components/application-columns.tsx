import { formatDay } from '@lender/shared/domain/date-time';
import type { PendingApplicationRow } from '@lender/shared/contract/applications';
import { texts } from '@lender/shared/texts';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { Money } from '@lender/shared/ui/money.tsx';

/** The columns both application lists share (§2.13), plus the date. */
export function applicationColumns<Row extends PendingApplicationRow>(
  dateOf: (row: Row) => string,
  dateTitle: string,
): TableColumnsType<Row> {
  return [
    { title: 'Customer Name', dataIndex: 'customer_full_name', key: 'customer' },
    { title: 'National ID', dataIndex: 'national_id', key: 'national_id' },
    { title: 'Phone', dataIndex: 'phone', key: 'phone' },
    {
      title: 'Monthly Income',
      dataIndex: 'monthly_income',
      key: 'monthly_income',
      align: 'right',
      render: (income: number | null) =>
        income === null ? texts.common.notAvailable : <Money amount={income} />,
    },
    { title: 'Product', dataIndex: 'product_name', key: 'product' },
    {
      title: 'Amount',
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: (amount: number) => <Money amount={amount} />,
    },
    { title: 'Purpose', dataIndex: 'purpose', key: 'purpose' },
    {
      title: dateTitle,
      key: 'date',
      render: (_, row) => formatDay(dateOf(row)),
    },
  ];
}
