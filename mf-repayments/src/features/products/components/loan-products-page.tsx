import { serverMessage } from '@lender/shared/client/api-error';
import type { Product } from '@lender/shared/contract/products';
import { apiRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import { Flex, type TableColumnsType } from '@lender/shared/ui/antd';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { ExportButton } from '@lender/shared/ui/export-button.tsx';
import { moneyColumn } from '@lender/shared/ui/money.tsx';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { useGetLoanProductsQuery } from '../api/products-api';

const COLUMNS: TableColumnsType<Product> = [
  { title: 'Product Name', dataIndex: 'name', key: 'name' },
  { title: 'Description', dataIndex: 'description', key: 'description' },
  moneyColumn<Product>('Minimum Amount', 'min_amount'),
  moneyColumn<Product>('Maximum Amount', 'max_amount'),
  {
    title: 'Interest Rate (%)',
    dataIndex: 'interest_rate',
    key: 'interest_rate',
    align: 'right',
    render: (rate: number) => `${rate}%`,
  },
  { title: 'Duration (days)', dataIndex: 'duration_days', key: 'duration_days', align: 'right' },
];

/** All Products (/loan-products, docs/product.md#loan-product-screens): the whole list of loan products. */
export default function LoanProductsPage() {
  const { data, error, isFetching, refetch } = useGetLoanProductsQuery();
  return (
    <>
      <PageHeader title="Loan Products" extra={<ExportButton path={apiRoutes.exports.products} />} />
      <Flex vertical gap="middle">
        <PagedTable<Product>
          label="Loan Products"
          columns={COLUMNS}
          rows={data}
          rowKey="id"
          loading={isFetching}
          error={error}
          errorText={error ? serverMessage(error, texts.errors.unexpectedTryAgain) : undefined}
          onRetry={() => void refetch()}
          emptyText="No loan products yet."
        />
      </Flex>
    </>
  );
}
