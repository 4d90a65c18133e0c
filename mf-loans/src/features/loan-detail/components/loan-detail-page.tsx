import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from '@lender/shared/client/router';
import { httpStatus } from '@lender/shared/client/api-error';
import { appRoutes } from '@lender/shared/contract/routes';
import type { Note } from '@lender/shared/contract/notes';
import type { LoanRepaymentRow } from '@lender/shared/contract/repayments';
import { formatDateTime, formatDay } from '@lender/shared/domain/date-time';
import { normaliseDeviceStatus } from '@lender/shared/domain/statuses';
import { texts } from '@lender/shared/texts';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Result,
  Skeleton,
  Tag,
  type TableColumnsType,
} from '@lender/shared/ui/antd';
import { EditOutlined, FileTextOutlined, PlusOutlined } from '@lender/shared/ui/icons';
import { fieldColumn } from '@lender/shared/ui/field-column';
import { moneyColumn } from '@lender/shared/ui/money.tsx';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { RecordTable } from '@lender/shared/ui/record-table.tsx';
import { useCan } from '@lender/shared/client/use-can';
import { LOAN_TOAST } from '../../../components/loan-toast';
import { useGetLoanNotesQuery, useGetLoanQuery, useGetLoanRepaymentsQuery } from '../api/loan-detail-api';
import { useRepossessPhone } from '../../../components/use-repossess-phone';
import { AddNoteModal } from '../../../components/add-note-modal';
import { NOTE_COLUMNS } from './note-columns';
import { EditLoanModal } from './edit-loan-modal';
import { LoanDetailsGrid } from './loan-details-grid';
import { LoanHistoryPanel } from './loan-history-panel';
import { printStatement } from './print-statement';

const REPAYMENT_COLUMNS: TableColumnsType<LoanRepaymentRow> = [
  fieldColumn<LoanRepaymentRow>('Date', 'payment_date', (day: string) => formatDay(day)),
  moneyColumn<LoanRepaymentRow>('Amount', 'amount_paid'),
  // A repayment M-Pesa recorded by itself from the paybill (issue 13), not one staff entered.
  fieldColumn<LoanRepaymentRow>('Method', 'method', (method: string, repayment) =>
    repayment.source === 'mpesa' ? (
      <>
        {method} <Tag color="green">Paybill</Tag>
      </>
    ) : (
      method
    ),
  ),
  fieldColumn<LoanRepaymentRow>('Transaction Code', 'transaction_code'),
];

/** A card of the loan's records (its repayments, its notes): the table, and above it a failed load's text. */
function LoanRecordsCard<Row extends { id: number }>({
  title,
  extra,
  columns,
  query,
  errorText,
  emptyText,
}: {
  title: string;
  extra?: ReactNode;
  columns: TableColumnsType<Row>;
  query: { data?: Row[] | undefined; error?: unknown; isFetching: boolean };
  errorText: string;
  emptyText: string;
}) {
  return (
    <Card title={title} size="small" extra={extra}>
      {query.error ? <Alert type="error" showIcon title={errorText} style={{ marginBottom: 12 }} /> : null}
      <RecordTable<Row>
        label={title}
        columns={columns}
        rows={query.data ?? []}
        loading={query.isFetching}
        emptyText={emptyText}
      />
    </Card>
  );
}

/** An id from the URL that is a positive integer, else null. */
const parseId = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * Loan detail (/viewloan/:id, docs/product.md#loan-detail): the details grid with both badges, Back, Print Statement,
 * Repossess (admins, while the loan is not paid and the phone not repossessed), the loan's history,
 * repayments and notes with Add Note.
 */
export default function LoanDetailPage() {
  const params = useParams();
  const loanId = parseId(params.id);
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const loanQuery = useGetLoanQuery(loanId ?? 0, { skip: loanId === null });
  // The repayments and notes are asked for only once the loan itself is known to be in scope.
  const skip = loanId === null || !loanQuery.data;
  const repaymentsQuery = useGetLoanRepaymentsQuery(loanId ?? 0, { skip });
  const notesQuery = useGetLoanNotesQuery(loanId ?? 0, { skip });
  const { confirmAndRepossess, isRepossessing } = useRepossessPhone();
  const [addingNote, setAddingNote] = useState(false);

  const loan = loanQuery.data;
  const mayRepossess = useCan('loans.repossess');
  const mayEdit = useCan('loans.edit');
  const [editing, setEditing] = useState(false);
  const editable = loan !== undefined && mayEdit && loan.status !== 'paid' && loan.status !== 'repossessed';
  const repossessable =
    loan !== undefined &&
    mayRepossess &&
    loan.status !== 'paid' &&
    loan.status !== 'repossessed' &&
    normaliseDeviceStatus(loan.device_status) !== 'repossessed';

  const print = () => {
    if (!loan) return;
    const opened = printStatement(loan, repaymentsQuery.data ?? [], formatDateTime(new Date().toISOString()));
    if (!opened) {
      notification.error({ ...LOAN_TOAST, title: 'Allow pop-ups for this site to print the statement.' });
    }
  };

  // The server answers 404 both for a loan that does not exist and for another officer's loan.
  if (loanId === null || (loanQuery.error && httpStatus(loanQuery.error) === 404)) {
    return (
      <Result
        status="warning"
        title={<h1 style={{ fontSize: 22, margin: 0 }}>{texts.loanNotFound}</h1>}
        extra={
          <Button type="primary" onClick={() => navigate(appRoutes.loans)}>
            Active Loans
          </Button>
        }
      />
    );
  }
  if (loanQuery.error && !loanQuery.isFetching) {
    return (
      <>
        <PageHeader title="Loan Details" extra={<Button onClick={() => navigate(-1)}>Back</Button>} />
        <Alert
          type="error"
          showIcon
          title={texts.errors.loanFetch}
          action={
            <Button size="small" onClick={() => void loanQuery.refetch()}>
              {texts.common.retry}
            </Button>
          }
        />
      </>
    );
  }
  if (!loan) return <Skeleton active />;

  return (
    <>
      <PageHeader
        title="Loan Details"
        description={loan ? `${loan.customer_name}, ${loan.loan_product}` : undefined}
        extra={
          <>
            <Button onClick={() => navigate(-1)}>Back</Button>
            <Button icon={<FileTextOutlined aria-hidden />} onClick={print}>
              Print Statement
            </Button>
            {/* The specification hides Edit Loan (docs/product.md#loan-detail); it is offered to those who may edit, on an open loan. */}
            {editable ? (
              <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
                Edit Loan
              </Button>
            ) : null}
            {repossessable ? (
              <Button danger loading={isRepossessing} onClick={() => confirmAndRepossess(loan)}>
                Repossess
              </Button>
            ) : null}
          </>
        }
      />
      <Flex vertical gap="large">
        <Card size="small">
          <LoanDetailsGrid loan={loan} />
        </Card>
        <LoanHistoryPanel loanId={loanId} />
        <LoanRecordsCard<LoanRepaymentRow>
          title="Loan Repayments"
          columns={REPAYMENT_COLUMNS}
          query={repaymentsQuery}
          errorText={texts.errors.repaymentsFetch}
          emptyText={texts.empty.repayments}
        />
        <LoanRecordsCard<Note>
          title="Loan Notes"
          extra={
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => setAddingNote(true)}>
              Add Note
            </Button>
          }
          columns={NOTE_COLUMNS}
          query={notesQuery}
          errorText={texts.errors.notesFetch}
          emptyText={texts.empty.notes}
        />
      </Flex>
      {loan && editable ? (
        <EditLoanModal
          loan={loan}
          hasRepayments={
            (repaymentsQuery.data ?? []).length > 0 || loan.paid_amount > 0 || loan.repayment_pending
          }
          open={editing}
          onClose={() => setEditing(false)}
        />
      ) : null}
      <AddNoteModal loanId={loanId} open={addingNote} onClose={() => setAddingNote(false)} />
    </>
  );
}
