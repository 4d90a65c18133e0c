import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from '@lender/shared/client/router';
import { httpStatus } from '@lender/shared/client/api-error';
import { appRoutes } from '@lender/shared/contract/routes';
import type { Note } from '@lender/shared/contract/notes';
import type { LoanRepaymentRow } from '@lender/shared/contract/repayments';
import { formatDateTime } from '@lender/shared/domain/date-time';
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
  Tooltip,
  type TableColumnsType,
} from '@lender/shared/ui/antd';
import { EditOutlined, FileTextOutlined, MessageOutlined, PlusOutlined } from '@lender/shared/ui/icons';
import { Money } from '@lender/shared/ui/money.tsx';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { RecordTable } from '@lender/shared/ui/record-table.tsx';
import {
  anyInFlight,
  DeviceCommandsTable,
  lockStateRequested,
  MessagesTable,
  useInFlightRefresh,
} from '@lender/shared/ui/outbox-tables.tsx';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import { useCan } from '@lender/shared/client/use-can';
import { LOAN_TOAST } from '../../../components/loan-toast';
import {
  useDismissDeviceAlertMutation,
  useGetLoanDeviceCommandsQuery,
  useGetLoanMessagesQuery,
  useGetLoanNotesQuery,
  useGetLoanQuery,
  useGetLoanRepaymentsQuery,
} from '../api/loan-detail-api';
import { useRepossessPhone } from '../../../components/use-repossess-phone';
import { LOCK_PENDING_REASON, useLockPhone } from '../../../components/use-lock-phone';
import { AddNoteModal } from '../../../components/add-note-modal';
import { RepaymentModal } from '../../../components/repayment-modal';
import { NOTE_COLUMNS } from './note-columns';
import { REPAYMENT_COLUMNS } from './repayment-columns';
import { LoanScheduleCard } from './loan-schedule-card';
import { EditLoanModal } from './edit-loan-modal';
import { LoanDetailsGrid } from './loan-details-grid';
import { LoanHistoryPanel } from './loan-history-panel';
import { printStatement } from './print-statement';
import { SendMessageModal } from './send-message-modal';

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
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}

/** An id from the URL that is a positive integer, else null. */
const parseId = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** Lock as the lists offer it: named, and disabled with the server's reason while a repayment awaits approval. */
function LockButton({
  pending,
  loading,
  onClick,
}: {
  pending: boolean;
  loading: boolean;
  onClick: () => void;
}) {
  const button = (
    <Button
      danger
      loading={loading}
      disabled={pending}
      aria-description={pending ? LOCK_PENDING_REASON : undefined}
      onClick={onClick}
    >
      Lock
    </Button>
  );
  if (!pending) return button;
  // A disabled button gets no mouse events: the span carries the tooltip.
  return (
    <Tooltip title={LOCK_PENDING_REASON}>
      <span style={{ display: 'inline-block' }}>{button}</span>
    </Tooltip>
  );
}

/**
 * Loan detail (/viewloan/:id, docs/product.md#loan-detail): the details grid with both badges; Repay (the
 * Active Loans modal, on a disbursed loan with a balance), Add Note, Lock (admins, a phone waiting for a
 * lock), Repossess (admins, while the loan is not paid and the phone not repossessed), Edit Loan, Print
 * Statement and Back; the schedule with the next installment highlighted; the repayments with their
 * state; the notes with their authors; the messages to the customer (Send message) and the device
 * commands, with the phone's lock state and any device alert (issue 35); and the loan's history
 * with amounts.
 */
export default function LoanDetailPage() {
  const params = useParams();
  const loanId = parseId(params.id);
  const navigate = useNavigate();
  const { notification } = App.useApp();
  // The loan, its messages and its device commands keep up on their own (a phone turning from
  // "lock requested" to "locked", a delivery report), faster while one of them is on its way.
  const { refresh, report } = useInFlightRefresh();
  const loanQuery = useGetLoanQuery(loanId ?? 0, { skip: loanId === null, ...refresh });
  // The repayments and notes are asked for only once the loan itself is known to be in scope.
  const skip = loanId === null || !loanQuery.data;
  const repaymentsQuery = useGetLoanRepaymentsQuery(loanId ?? 0, { skip });
  const notesQuery = useGetLoanNotesQuery(loanId ?? 0, { skip });
  const [messagesPage, setMessagesPage] = useState(1);
  const [commandsPage, setCommandsPage] = useState(1);
  const messagesQuery = useGetLoanMessagesQuery(
    { loanId: loanId ?? 0, page: messagesPage },
    { skip, ...refresh },
  );
  const commandsQuery = useGetLoanDeviceCommandsQuery(
    { loanId: loanId ?? 0, page: commandsPage },
    { skip, ...refresh },
  );
  report(
    lockStateRequested(loanQuery.data?.device_lock_state) ||
      anyInFlight(messagesQuery.currentData?.data) ||
      anyInFlight(commandsQuery.currentData?.data),
  );
  const [dismissAlert, { isLoading: dismissing }] = useDismissDeviceAlertMutation();
  const toastResult = useResultToast();
  const [messaging, setMessaging] = useState(false);
  const { confirmAndRepossess, isRepossessing } = useRepossessPhone();
  const { confirmAndLock, lockingId } = useLockPhone();
  const [addingNote, setAddingNote] = useState(false);
  const [repaying, setRepaying] = useState(false);

  const loan = loanQuery.data;
  const mayRepay = useCan('repayments.record');
  const mayAddNote = useCan('loans.addNote');
  const mayLock = useCan('loans.lock');
  const mayRepossess = useCan('loans.repossess');
  const mayEdit = useCan('loans.edit');
  const mayMessage = useCan('messages.send');
  const mayManageDevices = useCan('devices.manage');
  const [editing, setEditing] = useState(false);
  const open = loan !== undefined && loan.status !== 'paid' && loan.status !== 'repossessed';
  const editable = open && mayEdit;
  // The server takes a repayment on a disbursed loan with a balance (a repossessed one included).
  const repayable =
    loan !== undefined &&
    mayRepay &&
    loan.disbursement_date !== null &&
    loan.status !== 'pending_disbursement' &&
    loan.status !== 'paid';
  const device = normaliseDeviceStatus(loan?.device_status);
  const lockable = loan !== undefined && mayLock && device === 'waiting';
  const repossessable = open && mayRepossess && device !== 'repossessed';
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
            {repayable ? (
              <Button type="primary" onClick={() => setRepaying(true)}>
                Repay
              </Button>
            ) : null}
            {mayAddNote ? (
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => setAddingNote(true)}>
                Add Note
              </Button>
            ) : null}
            {/* The specification hides Edit Loan (docs/product.md#loan-detail); it is offered to those who may edit, on an open loan. */}
            {editable ? (
              <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
                Edit Loan
              </Button>
            ) : null}
            {lockable ? (
              <LockButton
                pending={loan.repayment_pending}
                loading={lockingId === loan.id}
                onClick={() => confirmAndLock(loan)}
              />
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
        {loan.device_alert ? (
          <Alert
            type="warning"
            showIcon
            title={`Device alert: ${loan.device_alert}`}
            action={
              mayManageDevices ? (
                <Button
                  size="small"
                  loading={dismissing}
                  onClick={() => void dismissAlert(loan.id).then(toastResult)}
                >
                  Dismiss alert
                </Button>
              ) : undefined
            }
          />
        ) : null}
        <Card size="small">
          <LoanDetailsGrid loan={loan} />
        </Card>
        <LoanScheduleCard loan={loan} />
        <LoanRecordsCard<LoanRepaymentRow>
          title="Loan Repayments"
          extra={
            loan.pending_amount > 0 ? (
              <span>
                Awaiting approval: <Money amount={loan.pending_amount} />
              </span>
            ) : undefined
          }
          columns={REPAYMENT_COLUMNS}
          query={repaymentsQuery}
          errorText={texts.errors.repaymentsFetch}
          emptyText={texts.empty.repayments}
        />
        <LoanRecordsCard<Note>
          title="Loan Notes"
          columns={NOTE_COLUMNS}
          query={notesQuery}
          errorText={texts.errors.notesFetch}
          emptyText={texts.empty.notes}
        />
        <Card
          title="Messages"
          size="small"
          extra={
            mayMessage ? (
              <Button icon={<MessageOutlined aria-hidden />} onClick={() => setMessaging(true)}>
                Send message
              </Button>
            ) : undefined
          }
        >
          <MessagesTable query={messagesQuery} page={messagesPage} onPageChange={setMessagesPage} />
        </Card>
        <Card title="Device commands" size="small">
          <DeviceCommandsTable query={commandsQuery} page={commandsPage} onPageChange={setCommandsPage} />
        </Card>
        <LoanHistoryPanel loanId={loanId} />
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
      <RepaymentModal loan={repaying ? loan : null} onClose={() => setRepaying(false)} />
      {mayMessage ? (
        <SendMessageModal loanId={loanId} open={messaging} onClose={() => setMessaging(false)} />
      ) : null}
    </>
  );
}
