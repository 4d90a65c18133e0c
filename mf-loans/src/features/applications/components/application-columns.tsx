import { formatDay } from '@lender/shared/domain/date-time';
import type { ApplicationSort, PendingApplicationRow } from '@lender/shared/contract/applications';
import { texts } from '@lender/shared/texts';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { Money, moneyColumn } from '@lender/shared/ui/money.tsx';

/**
 * The columns both application lists share (docs/product.md#applications), plus the date (`dateSort`: its sort's name).
 * sorter: true sorts on the server (the key is the sort's name, APPLICATION_SORTS).
 */
export function applicationColumns<Row extends PendingApplicationRow>(
  dateOf: (row: Row) => string,
  dateTitle: string,
  dateSort: ApplicationSort,
): TableColumnsType<Row> {
  return [
    { title: 'Customer Name', dataIndex: 'customer_full_name', key: 'customer_name', sorter: true },
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
    moneyColumn<Row>('Amount', 'amount', { sorter: true }),
    { title: 'Purpose', dataIndex: 'purpose', key: 'purpose' },
    {
      title: dateTitle,
      key: dateSort,
      sorter: true,
      render: (_, row) => formatDay(dateOf(row)),
    },
  ];
}
