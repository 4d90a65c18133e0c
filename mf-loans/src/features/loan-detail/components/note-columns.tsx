import { NOTE_TYPE_LABELS, type Note } from '@lender/shared/contract/notes';
import { formatDateTime, formatDay } from '@lender/shared/domain/date-time';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { dateColumn } from '@lender/shared/ui/field-column';
import { PromiseSummary } from '../../../components/promise-tag';

/**
 * The loan's notes: date, type, the note, for a promise to pay its date, amount and status, and
 * who wrote the note and when.
 */
export const NOTE_COLUMNS: TableColumnsType<Note> = [
  { ...dateColumn<Note>('Date', 'note_date'), width: 120 },
  {
    title: 'Type',
    dataIndex: 'type',
    key: 'type',
    width: 140,
    render: (type: Note['type']) => NOTE_TYPE_LABELS[type],
  },
  { title: 'Note', dataIndex: 'note', key: 'note' },
  {
    title: 'Promise',
    key: 'promise',
    render: (_, note) =>
      note.promise_date && note.promise_status ? (
        <PromiseSummary
          date={formatDay(note.promise_date)}
          amount={note.promise_amount}
          status={note.promise_status}
        />
      ) : null,
  },
  { title: 'Written By', dataIndex: 'created_by_name', key: 'created_by_name' },
  {
    title: 'Written At',
    dataIndex: 'created_at',
    key: 'created_at',
    render: (at: string) => formatDateTime(at),
  },
];
