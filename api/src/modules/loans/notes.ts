/** A loan's notes and promises to pay (docs/product.md#loan-detail). */
import { queueLoanMessage } from '../messages/service';
import { PROMISE_MAX_DAYS_AHEAD, type CreateNoteRequest, type Note } from '@lender/shared/contract/notes';
import { formatCents, toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import type { Executor } from '../../db/client';
import { ConflictError, ValidationError } from '../../domain/errors';
import { addDays } from '../../domain/loan-engine';
import type { Caller } from '../../plugins/auth';
import { loanInScope, type LoansContext } from './context';
import { insertNote, listApprovedRepaymentsOf, listNotes, updateLoanIf } from './repository';
import { latestPromiseColumns, promiseStatus } from './promises';

type NoteRecord = Awaited<ReturnType<typeof listNotes>>[number];
type ApprovedRepayment = { loanId: number; amount: string; paidDate: string };

/** A note as the contract shows it; a promise's status from the loan's approved repayments as of today. */
const toNote = (n: NoteRecord, approved: ApprovedRepayment[], today: string): Note => {
  const promise =
    n.type === 'promise' && n.promiseDate !== null && n.promiseAmount !== null
      ? { date: n.promiseDate, amountCents: toCents(n.promiseAmount) }
      : null;
  return {
    id: n.id,
    loan_id: n.loanId,
    note: n.note,
    note_date: n.noteDate,
    type: n.type,
    promise_date: promise?.date ?? null,
    promise_amount: promise ? toMoneyNumber(promise.amountCents) : null,
    promise_status: promise
      ? promiseStatus(
          {
            ...promise,
            paidCents: approved
              .filter((r) => r.loanId === n.loanId && r.paidDate >= n.noteDate && r.paidDate <= promise.date)
              .reduce((sum, r) => sum + toCents(r.amount), 0n),
          },
          today,
        )
      : null,
    created_by: n.createdBy,
    created_by_name: n.createdByName,
    created_at: n.createdAt.toISOString(),
  };
};

/**
 * Notes as the contract shows them, a promise's status as of today from its loan's approved
 * repayments (one query for the loans of all the notes: a loan's or a customer's few).
 */
export async function toNotes(
  ctx: LoansContext,
  notes: NoteRecord[],
  ex: Executor = ctx.db,
): Promise<Note[]> {
  const promised = [...new Set(notes.filter((n) => n.type === 'promise').map((n) => n.loanId))];
  const approved = await listApprovedRepaymentsOf(ex, promised);
  const today = ctx.today();
  return notes.map((n) => toNote(n, approved, today));
}

export async function getLoanNotes(ctx: LoansContext, caller: Caller, id: number): Promise<Note[]> {
  await loanInScope(ctx, caller, id);
  return toNotes(ctx, await listNotes(ctx.db, id));
}

/**
 * Adds a note. A promise to pay (date today or later, at most PROMISE_MAX_DAYS_AHEAD days ahead,
 * on a disbursed loan not yet paid) becomes the loan's latest promise in the same transaction
 * (promises.ts), with what is already paid towards it.
 */
export async function addLoanNote(
  ctx: LoansContext,
  caller: Caller,
  id: number,
  input: CreateNoteRequest,
): Promise<Note> {
  const today = ctx.today();
  const promise =
    input.type === 'promise' && input.promise_date !== undefined && input.promise_amount !== undefined
      ? { date: input.promise_date, amount: formatCents(toCents(input.promise_amount)) }
      : null;
  if (promise && promise.date < today)
    throw ValidationError.field('promise_date', 'Promise date cannot be before today');
  if (promise && promise.date > addDays(today, PROMISE_MAX_DAYS_AHEAD))
    throw ValidationError.field(
      'promise_date',
      `Promise date must be at most ${PROMISE_MAX_DAYS_AHEAD} days from today`,
    );
  return ctx.db.transaction(async (tx) => {
    // Locked for a promise: a repayment approved meanwhile recomputes promise_paid after this write.
    const loan = await loanInScope(ctx, caller, id, tx, promise !== null);
    if (promise) {
      if (loan.disbursementDate === null || loan.status === 'paid' || loan.status === 'repossessed')
        throw new ConflictError('A promise to pay can only be recorded on a disbursed loan with a balance');
      await updateLoanIf(
        tx,
        id,
        undefined,
        await latestPromiseColumns(tx, id, { noteDate: input.note_date, ...promise }),
      );
      await queueLoanMessage(tx, {
        loanId: id,
        kind: 'promise',
        amount: promise.amount,
        dueDate: promise.date,
        now: ctx.clock.now(),
        timeZone: ctx.timeZone,
      });
    }
    const created = await insertNote(tx, {
      loanId: id,
      note: input.note,
      noteDate: input.note_date,
      type: input.type,
      promiseDate: promise?.date ?? null,
      promiseAmount: promise?.amount ?? null,
      createdBy: caller.id,
      createdAt: ctx.clock.now(),
    });
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'loan.note_added',
      entity: 'loan_note',
      entityId: created.id,
      loanId: id,
      after: {
        note: created.note,
        note_date: created.noteDate,
        type: created.type,
        ...(promise ? { promise_date: promise.date, promise_amount: promise.amount } : {}),
      },
    });
    const [withName] = (await listNotes(tx, id)).filter((n) => n.id === created.id);
    if (!withName) throw new Error('The note was not found after inserting it');
    const [note] = await toNotes(ctx, [withName], tx);
    if (!note) throw new Error('The note was not found after inserting it');
    return note;
  });
}
