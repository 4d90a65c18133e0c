import { serverMessage } from '@lender/shared/client/api-error';
import type { Product } from '@lender/shared/contract/products';
import { texts } from '@lender/shared/texts';
import { Alert, Flex, Table, type TableColumnsType } from '@lender/shared/ui/antd';
import { Money } from '@lender/shared/ui/money.tsx';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { useGetLoanProductsQuery } from '../api/products-api';

const COLUMNS: TableColumnsType<Product> = [
  { title: 'Product Name', dataIndex: 'name', key: 'name' },
  { title: 'Description', dataIndex: 'description', key: 'description' },
  {
    title: 'Minimum Amount',
    dataIndex: 'min_amount',
    key: 'min_amount',
    align: 'right',
    render: (amount: number) => <Money amount={amount} />,
  },
  {
    title: 'Maximum Amount',
    dataIndex: 'max_amount',
    key: 'max_amount',
    align: 'right',
    render: (amount: number) => <Money amount={amount} />,
  },
  {
    title: 'Interest Rate (%)',
    dataIndex: 'interest_rate',
    key: 'interest_rate',
    align: 'right',
    render: (rate: number) => `${rate}%`,
  },
  { title: 'Duration (days)', dataIndex: 'duration_days', key: 'duration_days', align: 'right' },
];

/** All Products (/loan-products, §2.17): the whole list of loan products. */
export default function LoanProductsPage() {
  const { data, error, isFetching } = useGetLoanProductsQuery();
  return (
    <>
      <PageHeader title="Loan Products" />
      <Flex vertical gap="middle">
        {error ? (
          <Alert type="error" showIcon title={serverMessage(error, texts.errors.unexpectedTryAgain)} />
        ) : null}
        <Table<Product>
          aria-label="Loan Products"
          columns={COLUMNS}
          dataSource={data}
          rowKey="id"
          loading={isFetching}
          pagination={false}
          locale={{ emptyText: 'No loan products yet.' }}
        />
      </Flex>
    </>
  );
}
