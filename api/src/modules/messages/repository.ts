/** SQL of the SMS outbox (issue 35): messages, their claims and results, templates. */
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { MessageKind } from '@lender/shared/domain/message-templates';
import type { Executor } from '../../db/client';
import { customerMessages, customers, loans, messageTemplates, users } from '../../db/schema';
import { countLimit, offsetOf, type PageRequest } from '../pagination';

export type MessageRecord = typeof customerMessages.$inferSelect;
export type NewMessage = typeof customerMessages.$inferInsert;

/** What a message about a loan is written from: its customer and its figures. */
export async function loanForMessage(ex: Executor, loanId: number) {
  const [row] = await ex
    .select({
      loanId: loans.id,
      customerId: loans.customerId,
      officerId: loans.officerId,
      firstName: customers.firstName,
      phone: customers.phone,
      optedOut: customers.remindersOptOut,
      amountDue: loans.amountDue,
      remainingBalance: loans.remainingBalance,
      dueDate: loans.dueDate,
    })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(eq(loans.id, loanId));
  return row;
}

export async function templateText(ex: Executor, kind: MessageKind): Promise<string | undefined> {
  const [row] = await ex
    .select({ body: messageTemplates.body })
    .from(messageTemplates)
    .where(eq(messageTemplates.kind, kind));
  return row?.body;
}

export async function allTemplates(ex: Executor) {
  return ex
    .select({
      kind: messageTemplates.kind,
      body: messageTemplates.body,
      updatedAt: messageTemplates.updatedAt,
      updatedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(messageTemplates)
    .leftJoin(users, eq(users.id, messageTemplates.updatedBy));
}

export async function upsertTemplate(
  ex: Executor,
  kind: MessageKind,
  body: string,
  userId: number,
  now: Date,
) {
  await ex
    .insert(messageTemplates)
    .values({ kind, body, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({ target: messageTemplates.kind, set: { body, updatedBy: userId, updatedAt: now } });
}

/** Inserts a message; a second reminder for the same loan and day is not inserted (undefined). */
export async function insertMessage(ex: Executor, row: NewMessage): Promise<MessageRecord | undefined> {
  const [created] = await ex
    .insert(customerMessages)
    .values(row)
    .onConflictDoNothing({
      target: [customerMessages.loanId, customerMessages.reminderDay],
      where: sql`${customerMessages.reminderDay} is not null`,
    })
    .returning();
  return created;
}

/**
 * Claims up to `limit` due messages (queued and due, or a lapsed claim) for this worker, in one
 * short transaction with FOR UPDATE SKIP LOCKED, moving them to 'sending' with a lease.
 */
export async function claimDueMessages(ex: Executor, now: Date, leaseEnd: Date, limit: number) {
  return ex.transaction(async (tx) => {
    const due = await tx
      .select({ id: customerMessages.id })
      .from(customerMessages)
      .where(
        and(
          inArray(customerMessages.status, ['queued', 'sending']),
          lte(customerMessages.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(customerMessages.nextAttemptAt), asc(customerMessages.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(customerMessages)
      .set({ status: 'sending', attempts: sql`${customerMessages.attempts} + 1`, nextAttemptAt: leaseEnd })
      .where(
        inArray(
          customerMessages.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Stores a send's outcome if the claim is still this worker's (same attempt, still sending). */
export async function finishSend(ex: Executor, claimed: MessageRecord, patch: Partial<NewMessage>) {
  const rows = await ex
    .update(customerMessages)
    .set(patch)
    .where(
      and(
        eq(customerMessages.id, claimed.id),
        eq(customerMessages.status, 'sending'),
        eq(customerMessages.attempts, claimed.attempts),
      ),
    )
    .returning({ id: customerMessages.id });
  return rows.length === 1;
}

/** The delivery report's outcome on the message the provider's id names (undefined: not ours). */
export async function recordDelivery(
  ex: Executor,
  providerMessageId: string,
  patch: Pick<NewMessage, 'status' | 'deliveredAt' | 'failureReason'>,
) {
  const [row] = await ex
    .update(customerMessages)
    .set(patch)
    .where(
      and(
        eq(customerMessages.providerMessageId, providerMessageId),
        inArray(customerMessages.status, ['sent', 'sending']),
      ),
    )
    .returning({ id: customerMessages.id });
  return row;
}

export async function messageByProviderId(ex: Executor, providerMessageId: string) {
  const [row] = await ex
    .select({ id: customerMessages.id, status: customerMessages.status })
    .from(customerMessages)
    .where(eq(customerMessages.providerMessageId, providerMessageId));
  return row;
}

export type MessageListRow = { message: MessageRecord; sentByName: string | null };

export async function messagesPage(ex: Executor, where: SQL | undefined, request: PageRequest) {
  const { limit, offset } = offsetOf(request);
  const rows: MessageListRow[] = await ex
    .select({
      message: customerMessages,
      sentByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(customerMessages)
    .leftJoin(users, eq(users.id, customerMessages.sentBy))
    .where(where)
    .orderBy(desc(customerMessages.id))
    .limit(limit)
    .offset(offset);
  const counted = ex
    .select({ one: sql`1` })
    .from(customerMessages)
    .where(where)
    .limit(countLimit(request) + 1)
    .as('counted');
  const [total] = await ex.select({ total: count() }).from(counted);
  return { rows, total: total?.total ?? 0 };
}

/** Sent messages, their parts and cost, per month of `timeZone`, from `since` (the partial index on sent_at). */
export async function costsByMonth(ex: Executor, since: Date, timeZone: string) {
  const month = sql<string>`to_char(${customerMessages.sentAt} at time zone ${timeZone}, 'YYYY-MM')`;
  return (
    ex
      .select({
        month,
        messages: count(),
        parts: sql<number>`coalesce(sum(${customerMessages.parts}), 0)`.mapWith(Number),
        cost: sql<string>`coalesce(sum(${customerMessages.cost}), 0)::numeric(14,2)::text`,
      })
      .from(customerMessages)
      .where(and(sql`${customerMessages.sentAt} is not null`, gte(customerMessages.sentAt, since)))
      // By position: the zone is a parameter, and two parameters are never the same expression to PostgreSQL.
      .groupBy(sql`1`)
      .orderBy(sql`1 desc`)
  );
}

export async function setOptOut(ex: Executor, customerId: number, optedOut: boolean) {
  const [row] = await ex
    .update(customers)
    .set({ remindersOptOut: optedOut })
    .where(eq(customers.id, customerId))
    .returning({ id: customers.id, createdBy: customers.createdBy });
  return row;
}

export async function customerOf(ex: Executor, customerId: number) {
  const [row] = await ex
    .select({ id: customers.id, createdBy: customers.createdBy, optedOut: customers.remindersOptOut })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  return row;
}

/**
 * Messages that waited too long to be worth sending (the provider was out, or not configured): a
 * reminder after its day, anything else after `maxAgeMs`. Marked failed, said why; never sent late.
 */
export async function expireStale(ex: Executor, now: Date, today: string, maxAgeMs: number): Promise<number> {
  const rows = await ex
    .update(customerMessages)
    .set({ status: 'failed', failureReason: 'Expired: not sent in time', nextAttemptAt: now })
    .where(
      and(
        eq(customerMessages.status, 'queued'),
        lte(customerMessages.nextAttemptAt, now),
        sql`(${customerMessages.reminderDay} < ${today} or ${customerMessages.createdAt} < ${new Date(now.getTime() - maxAgeMs)})`,
      ),
    )
    .returning({ id: customerMessages.id });
  return rows.length;
}
