import { useState, type ReactNode } from 'react';
import { httpStatus, serverMessage } from '@lender/shared/client/api-error';
import { Link, useNavigate, useParams } from '@lender/shared/client/router';
import { setChosenCustomer } from '@lender/shared/client/session';
import { useCan } from '@lender/shared/client/use-can';
import {
  CUSTOMER_OVERVIEW_LIMIT,
  type CustomerApplication,
  type CustomerLoan,
  type CustomerOverview,
  type CustomerRepayment,
} from '@lender/shared/contract/customers';
import { NOTE_TYPE_LABELS, PROMISE_STATUS_LABELS, type Note } from '@lender/shared/contract/notes';
import { appRoutes } from '@lender/shared/contract/routes';
import { formatDay } from '@lender/shared/domain/date-time';
import { APPLICATION_STATUS_LABELS, REPAYMENT_STATUS_LABELS } from '@lender/shared/domain/statuses';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Result,
  Skeleton,
  Tag,
  Typography,
  type TableColumnsType,
} from '@lender/shared/ui/antd';
import { EditOutlined } from '@lender/shared/ui/icons';
import { fieldColumn } from '@lender/shared/ui/field-column';
import { moneyColumn } from '@lender/shared/ui/money.tsx';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { RecordTable } from '@lender/shared/ui/record-table.tsx';
import { DeviceStatusBadge, LoanStatusBadge } from '@lender/shared/ui/status-badge.tsx';
import { CollateralsTable } from '../../../components/collaterals-table';
import { GuarantorsList } from '../../../components/guarantors-list';
import { RefereesTable } from '../../../components/referees-table';
import { customerItems, type CustomerItemKey } from '../../../components/customer-items';
import { customerFullName } from '../../../components/customer-name';
import { CustomerPhotos } from '../../../components/customer-photos';
import { useGetCustomerOverviewQuery } from '../api/customer-page-api';
import { CustomerDeviceCommands, CustomerMessages } from './customer-messages';
import { EditCustomerModal } from './edit-customer-modal';

export const CUSTOMER_NOT_FOUND = 'This customer does not exist or is not in your book.';

/** An id from the URL that is a positive integer, else null. */
const parseId = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

const loanLink = (id: number, accountNumber: string) => (
  <Link to={appRoutes.viewLoan(id)} aria-label={`Open loan ${accountNumber}`}>
    {accountNumber}
  </Link>
);

/** The details card: how to reach the customer first, then the rest of the registration. */
const DETAIL_KEYS: readonly CustomerItemKey[] = [
  'phone',
  'national_id',
  'email',
  'county',
  'occupation',
  'monthly_income',
  'address',
  'residence_details',
  'created_by_name',
  'created_at',
];

interface StatusLook {
  label: string;
  color: string;
}

/** A status as a coloured tag, in the words of the page. */
const StatusTag = ({ look }: { look: StatusLook }) => <Tag color={look.color}>{look.label}</Tag>;

const APPLICATION_STATUS: Record<CustomerApplication['status'], StatusLook> = {
  pending: { label: APPLICATION_STATUS_LABELS.pending, color: 'gold' },
  approved: { label: APPLICATION_STATUS_LABELS.approved, color: 'green' },
  rejected: { label: APPLICATION_STATUS_LABELS.rejected, color: 'red' },
};

const REPAYMENT_STATUS: Record<CustomerRepayment['status'], StatusLook> = {
  pending: { label: REPAYMENT_STATUS_LABELS.pending, color: 'gold' },
  paid: { label: REPAYMENT_STATUS_LABELS.paid, color: 'green' },
  rejected: { label: REPAYMENT_STATUS_LABELS.rejected, color: 'red' },
};

const LOAN_COLUMNS: TableColumnsType<CustomerLoan> = [
  fieldColumn<CustomerLoan>('Account', 'account_number', (accountNumber: string, loan) =>
    loanLink(loan.id, accountNumber),
  ),
  fieldColumn<CustomerLoan>('Product', 'product'),
  fieldColumn<CustomerLoan>('Phone', 'model'),
  fieldColumn<CustomerLoan>('Status', 'status', (status: string) => <LoanStatusBadge status={status} />),
  fieldColumn<CustomerLoan>('Device', 'device_status', (status: string | null) => (
    <DeviceStatusBadge status={status} />
  )),
  moneyColumn<CustomerLoan>('Total', 'total'),
  moneyColumn<CustomerLoan>('Paid', 'paid'),
  moneyColumn<CustomerLoan>('Balance', 'balance'),
  moneyColumn<CustomerLoan>('Arrears', 'arrears'),
  fieldColumn<CustomerLoan>('Due Date', 'due_date', (d: string | null) => formatDay(d)),
];

const APPLICATION_COLUMNS: TableColumnsType<CustomerApplication> = [
  fieldColumn<CustomerApplication>('Applied On', 'created_at', (at: string) => formatDay(at)),
  fieldColumn<CustomerApplication>('Product', 'product'),
  fieldColumn<CustomerApplication>('Phone', 'model'),
  moneyColumn<CustomerApplication>('Amount', 'amount'),
  fieldColumn<CustomerApplication>(
    'Status',
    'status',
    (status: CustomerApplication['status'], application) => (
      <>
        <StatusTag look={APPLICATION_STATUS[status]} />
        {application.rejection_reason ? (
          <Typography.Text type="secondary">{application.rejection_reason}</Typography.Text>
        ) : null}
      </>
    ),
  ),
  fieldColumn<CustomerApplication>('Loan', 'loan_id', (loanId: number | null) =>
    loanId === null ? texts.common.notAvailable : <Link to={appRoutes.viewLoan(loanId)}>Open loan</Link>,
  ),
];

const REPAYMENT_COLUMNS: TableColumnsType<CustomerRepayment> = [
  fieldColumn<CustomerRepayment>('Date', 'date', (day: string) => formatDay(day)),
  fieldColumn<CustomerRepayment>('M-Pesa Code', 'code'),
  moneyColumn<CustomerRepayment>('Amount', 'amount'),
  fieldColumn<CustomerRepayment>('Status', 'status', (status: CustomerRepayment['status']) => (
    <StatusTag look={REPAYMENT_STATUS[status]} />
  )),
  fieldColumn<CustomerRepayment>('Loan', 'account_number', (accountNumber: string, repayment) =>
    loanLink(repayment.loan_id, accountNumber),
  ),
];

/** A table of the overview: at most CUSTOMER_OVERVIEW_LIMIT rows, the newest, said so when full. */
function OverviewTable<T extends { id: number }>(props: {
  label: string;
  columns: TableColumnsType<T>;
  rows: T[];
  emptyText: string;
}) {
  return (
    <Flex vertical gap="small">
      <RecordTable<T> {...props} scroll={{ x: 'max-content' }} />
      {props.rows.length >= CUSTOMER_OVERVIEW_LIMIT ? (
        <Typography.Text type="secondary">The newest {CUSTOMER_OVERVIEW_LIMIT} are shown.</Typography.Text>
      ) : null}
    </Flex>
  );
}

function NotesList({ notes, accountOf }: { notes: Note[]; accountOf: (loanId: number) => string }) {
  const columns: TableColumnsType<Note> = [
    {
      title: 'Date',
      dataIndex: 'note_date',
      key: 'note_date',
      width: 120,
      render: (day: string) => formatDay(day),
    },
    {
      title: 'Type',
      key: 'type',
      // A promise to pay with its date, amount and whether it was kept (as the loan page shows it).
      render: (_, note) =>
        note.type === 'promise' && note.promise_status
          ? `${NOTE_TYPE_LABELS.promise}: ${formatDay(note.promise_date)}, ${formatKsh(note.promise_amount)} (${PROMISE_STATUS_LABELS[note.promise_status]})`
          : NOTE_TYPE_LABELS[note.type],
    },
    { title: 'Note', dataIndex: 'note', key: 'note' },
    { title: 'By', dataIndex: 'created_by_name', key: 'created_by_name' },
    {
      title: 'Loan',
      dataIndex: 'loan_id',
      key: 'loan_id',
      render: (loanId: number) => loanLink(loanId, accountOf(loanId)),
    },
  ];
  return <OverviewTable<Note> label="Notes" columns={columns} rows={notes} emptyText="No notes yet." />;
}

const sectionLabel = (label: string, count: number): string => `${label} (${count})`;

/** A section of the overview holding one table: its title counts the rows. */
function overviewSection<T extends { id: number }>(
  key: string,
  title: string,
  columns: TableColumnsType<T>,
  rows: T[],
  emptyText: string,
): { key: string; label: string; children: ReactNode } {
  return {
    key,
    label: sectionLabel(title, rows.length),
    children: <OverviewTable<T> label={title} columns={columns} rows={rows} emptyText={emptyText} />,
  };
}

function OverviewContent({ overview }: { overview: CustomerOverview }) {
  const { customer } = overview;
  const name = customerFullName(customer);
  const accounts = new Map<number, string>([
    ...overview.loans.map((loan): [number, string] => [loan.id, loan.account_number]),
    ...overview.repayments.map((r): [number, string] => [r.loan_id, r.account_number]),
  ]);
  const accountOf = (loanId: number) => accounts.get(loanId) ?? `#${loanId}`;

  return (
    <Flex vertical gap="large">
      <Card size="small" title="Details">
        <Flex gap="large" wrap align="flex-start">
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={customerItems(customer, DETAIL_KEYS)}
            style={{ flex: '1 1 420px' }}
          />
          <CustomerPhotos customer={customer} width={140} gap="middle" />
        </Flex>
      </Card>
      {(
        [
          overviewSection('loans', 'Loans', LOAN_COLUMNS, overview.loans, 'No loans yet.'),
          overviewSection(
            'applications',
            'Applications',
            APPLICATION_COLUMNS,
            overview.applications,
            'No loan applications yet.',
          ),
          overviewSection(
            'repayments',
            'Repayments',
            REPAYMENT_COLUMNS,
            overview.repayments,
            texts.empty.repayments,
          ),
          {
            key: 'notes',
            label: sectionLabel('Notes', overview.notes.length),
            children: <NotesList notes={overview.notes} accountOf={accountOf} />,
          },
          // Paged on the server (issue 35): their titles do not count the rows.
          { key: 'messages', label: 'Messages', children: <CustomerMessages customer={customer} /> },
          {
            key: 'device-commands',
            label: 'Device commands',
            children: <CustomerDeviceCommands customerId={customer.id} />,
          },
          {
            key: 'referees',
            label: sectionLabel('Next of Kin', overview.referees.length),
            children: <RefereesTable referees={overview.referees} label={`Next of kin of ${name}`} />,
          },
          {
            key: 'collaterals',
            label: sectionLabel('Collaterals', overview.collaterals.length),
            children: (
              <CollateralsTable collaterals={overview.collaterals} label={`Collaterals of ${name}`} />
            ),
          },
          {
            key: 'guarantors',
            label: sectionLabel('Guarantors', overview.guarantors.length),
            children: <GuarantorsList guarantors={overview.guarantors} />,
          },
        ] satisfies { key: string; label: string; children: ReactNode }[]
      ).map((section) => (
        // Sections rather than tabs: the whole picture at a glance, and on a phone antd's tab bar
        // would fold tabs into a "more" button that breaks the tablist's semantics.
        <Card
          key={section.key}
          size="small"
          title={
            <Typography.Title level={2} id={`customer-${section.key}`} style={{ fontSize: 16, margin: 0 }}>
              {section.label}
            </Typography.Title>
          }
        >
          <section aria-labelledby={`customer-${section.key}`}>{section.children}</section>
        </Card>
      ))}
    </Flex>
  );
}

/**
 * The customer page (/customers/:id): the customer's whole picture (details and photos, loans,
 * applications, repayments, notes, messages with the reminders choice, device commands, next of
 * kin, collaterals, guarantors) with Apply and, for admins, Edit. Loans open by URL in the loans
 * remote (/viewloan/:id).
 */
export default function CustomerPage() {
  const params = useParams();
  const customerId = parseId(params.id);
  const navigate = useNavigate();
  const mayEdit = useCan('customers.edit');
  const [editing, setEditing] = useState(false);
  const { data, error, isFetching, refetch } = useGetCustomerOverviewQuery(customerId ?? 0, {
    skip: customerId === null,
  });

  // The server answers 404 both for a customer who does not exist and for another officer's.
  if (customerId === null || (error && httpStatus(error) === 404)) {
    return (
      <Result
        status="warning"
        title={<h1 style={{ fontSize: 22, margin: 0 }}>{CUSTOMER_NOT_FOUND}</h1>}
        extra={
          <Button type="primary" onClick={() => navigate(appRoutes.customers)}>
            All Customers
          </Button>
        }
      />
    );
  }
  if (error && !isFetching) {
    return (
      <>
        <PageHeader title="Customer" extra={<Button onClick={() => navigate(-1)}>Back</Button>} />
        <Alert
          type="error"
          showIcon
          title={serverMessage(error, texts.errors.unexpectedTryAgain)}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {texts.common.retry}
            </Button>
          }
        />
      </>
    );
  }
  if (!data) return <Skeleton active />;

  const name = customerFullName(data.customer);
  const apply = () => {
    setChosenCustomer(data.customer.id);
    navigate(appRoutes.loanApplication);
  };

  return (
    <>
      <PageHeader
        title={name}
        description={`${data.customer.phone} · ID ${data.customer.national_id}`}
        extra={
          <>
            <Button onClick={() => navigate(-1)}>Back</Button>
            <Button type="primary" onClick={apply} aria-label={`Apply for ${name}`}>
              Apply
            </Button>
            {mayEdit ? (
              <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            ) : null}
          </>
        }
      />
      <OverviewContent overview={data} />
      {mayEdit ? (
        <EditCustomerModal
          details={data}
          nationalIdLocked={data.applications.length > 0 || data.loans.length > 0}
          open={editing}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </>
  );
}
