import { formatDay } from '@lender/shared/domain/date-time';
import { NOTE_TYPE_LABELS, type Note } from '@lender/shared/contract/notes';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { PromiseSummary } from '../../../components/promise-tag';

/** The loan's notes: date, type, the note, and for a promise to pay its date, amount and status. */
export const NOTE_COLUMNS: TableColumnsType<Note> = [
  {
    title: 'Date',
    dataIndex: 'note_date',
    key: 'note_date',
    width: 120,
    render: (day: string) => formatDay(day),
  },
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
];
