import type { Referee } from '@lender/shared/contract/customers';
import { texts } from '@lender/shared/texts';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { RecordTable } from '@lender/shared/ui/record-table.tsx';

const COLUMNS: TableColumnsType<Referee> = [
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'ID Number', dataIndex: 'id_number', key: 'id_number' },
  { title: 'Relationship', dataIndex: 'relationship', key: 'relationship' },
  { title: 'Phone Number', dataIndex: 'phone_number', key: 'phone_number' },
];

/** A customer's next of kin (the details modal calls them referees). */
export function RefereesTable({ referees, label }: { referees: Referee[]; label: string }) {
  return (
    // On a phone the table scrolls inside itself, never the customer page (issue 34).
    <RecordTable<Referee>
      label={label}
      columns={COLUMNS}
      rows={referees}
      emptyText={texts.empty.referees}
      scroll={{ x: 'max-content' }}
    />
  );
}
