import type { Collateral } from '@lender/shared/contract/customers';
import { texts } from '@lender/shared/texts';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { RecordTable } from '@lender/shared/ui/record-table.tsx';
import { orNotAvailable } from './customer-items';

const COLUMNS: TableColumnsType<Collateral> = [
  { title: 'Item Name', dataIndex: 'item_name', key: 'item_name' },
  { title: 'Item Count', dataIndex: 'item_count', key: 'item_count' },
  {
    title: 'Additional Details',
    dataIndex: 'additional_details',
    key: 'additional_details',
    render: (details: string | null) => orNotAvailable(details),
  },
];

/** Collaterals of a customer or of a guarantor; an empty list says 'No collaterals available.'. */
export function CollateralsTable({ collaterals, label }: { collaterals: Collateral[]; label: string }) {
  return (
    <RecordTable<Collateral>
      label={label}
      columns={COLUMNS}
      rows={collaterals}
      emptyText={texts.empty.collaterals}
      // On a phone the table scrolls inside itself, never the customer page (issue 34).
      scroll={{ x: 'max-content' }}
    />
  );
}
