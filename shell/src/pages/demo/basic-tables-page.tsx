import { Card, Table, Tag, type TableColumnsType } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';

interface SampleRow {
  key: number;
  member: string;
  role: string;
  project: string;
  status: 'Active' | 'Pending' | 'Cancel';
  budget: string;
}

const rows: SampleRow[] = [
  {
    key: 1,
    member: 'Lindsey Curtis',
    role: 'Web Designer',
    project: 'Agency Website',
    status: 'Active',
    budget: '3.9K',
  },
  {
    key: 2,
    member: 'Kaiya George',
    role: 'Project Manager',
    project: 'Technology',
    status: 'Pending',
    budget: '24.9K',
  },
  {
    key: 3,
    member: 'Zain Geidt',
    role: 'Content Writing',
    project: 'Blog Writing',
    status: 'Active',
    budget: '12.7K',
  },
  {
    key: 4,
    member: 'Abram Schleifer',
    role: 'Digital Marketer',
    project: 'Social Media',
    status: 'Cancel',
    budget: '2.8K',
  },
];

const colours = { Active: 'green', Pending: 'gold', Cancel: 'red' } as const;

const columns: TableColumnsType<SampleRow> = [
  { title: 'User', dataIndex: 'member', render: (member: string, row) => `${member} (${row.role})` },
  { title: 'Project Name', dataIndex: 'project' },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (status: SampleRow['status']) => <Tag color={colours[status]}>{status}</Tag>,
  },
  { title: 'Budget', dataIndex: 'budget' },
];

/** /basic-tables: sample content only (docs/product.md#routes). */
export default function BasicTablesPage() {
  return (
    <>
      <PageHeader title="Basic Tables" />
      <Card title="Basic Table 1">
        <Table<SampleRow>
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Card>
    </>
  );
}
