/**
 * Payment links, the gateway's payments and the payments that could not be applied. A payment's row is
 * its claim: `claimGatewayPayment` inserts it keyed by the gateway's unique payment id, and only the
 * write that inserted it goes on to write the receipt (a second arrival, on any server, finds it there).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { row, rows, run } from '../engines';
import { gatewayPayments, type PaymentLinkStatus, paymentExceptions, paymentLinks } from '../schema/payments';
import { receipts } from '../schema/receipts';
import { timestampNow } from './now';
import { valueList } from './value-list';

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;
export type NewPaymentLink = Omit<
  typeof paymentLinks.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'pollClaimedUntil' | 'lastPolledAt' | 'pollError'
>;

export async function insertPaymentLink(tx: WriteTx, link: NewPaymentLink): Promise<PaymentLinkRow> {
  const [inserted] = await tx.insert(paymentLinks).values(link).returning();
  return inserted!;
}

export async function findPaymentLink(db: Reader, id: number): Promise<PaymentLinkRow | undefined> {
  const [found] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, id));
  return found;
}

export async function findPaymentLinkByGatewayId(
  db: Reader,
  params: { gateway: string; gatewayLinkId: string },
): Promise<PaymentLinkRow | undefined> {
  const [found] = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.gateway, params.gateway), eq(paymentLinks.gatewayLinkId, params.gatewayLinkId)));
  return found;
}

/** A link as the links screen lists it, with the receipts its payments became. */
export interface PaymentLinkListRow extends PaymentLinkRow {
  receiptNumbers: number[];
}

export async function listPaymentLinks(
  db: Reader,
  params: { departmentId: number; status?: PaymentLinkStatus; admissionNo?: string; studentId?: number; limit: number },
): Promise<PaymentLinkListRow[]> {
  const where = [eq(paymentLinks.departmentId, params.departmentId)];
  if (params.status) where.push(eq(paymentLinks.status, params.status));
  if (params.admissionNo) where.push(eq(paymentLinks.admissionNo, params.admissionNo));
  if (params.studentId !== undefined) where.push(eq(paymentLinks.studentId, params.studentId));
  const links = await db
    .select()
    .from(paymentLinks)
    .where(and(...where))
    .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
    .limit(params.limit);
  if (links.length === 0) return [];
  const paid = await db
    .select({ linkId: gatewayPayments.linkId, number: receipts.number })
    .from(gatewayPayments)
    .innerJoin(receipts, eq(receipts.id, gatewayPayments.receiptId))
    .where(
      inArray(
        gatewayPayments.linkId,
        links.map((l) => l.id),
      ),
    )
    .orderBy(receipts.number);
  return links.map((link) => ({
    ...link,
    receiptNumbers: paid.filter((p) => p.linkId === link.id).map((p) => p.number),
  }));
}

/**
 * Moves a link's status forward only: paid, expired and cancelled are final, except that a payment the
 * gateway took after the link expired still marks it paid. `amountPaidPaise` never goes down.
 */
export async function updatePaymentLinkStatus(
  tx: WriteTx,
  params: { id: number; status: PaymentLinkStatus; amountPaidPaise?: number },
): Promise<void> {
  const from: readonly PaymentLinkStatus[] =
    params.status === 'paid'
      ? ['created', 'partially_paid', 'expired']
      : params.status === 'partially_paid'
        ? ['created', 'partially_paid', 'expired']
        : ['created', 'partially_paid'];
  const amount = params.amountPaidPaise ?? 0;
  await run(
    tx,
    sql`UPDATE payment_links SET
        status = CASE WHEN status IN (${valueList(from)}) THEN ${params.status} ELSE status END,
        amount_paid_paise = CASE WHEN amount_paid_paise < ${amount} THEN ${amount} ELSE amount_paid_paise END,
        updated_at = ${timestampNow()}
      WHERE id = ${params.id}`,
  );
}

/** Open links (and links expired within `expiredSince`, which a late payment may still reach). */
export async function pollableLinkIds(
  db: Reader,
  params: { expiredSince: string; departmentId?: number; limit: number },
): Promise<number[]> {
  const ofDepartment = params.departmentId === undefined ? sql`` : sql`AND department_id = ${params.departmentId}`;
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM payment_links
      WHERE (status IN ('created', 'partially_paid') OR (status = 'expired' AND expires_at >= ${params.expiredSince}))
        ${ofDepartment}
      ORDER BY coalesce(last_polled_at, '') , id
      LIMIT ${params.limit}`,
  );
  return found.map((f) => f.id);
}

/**
 * Takes a link for polling until `until`, unless another server holds it: one UPDATE that succeeds for
 * one server only (the row's lock on PostgreSQL, the write lock on SQLite).
 */
export async function claimLinkForPoll(tx: WriteTx, params: { id: number; until: string }): Promise<boolean> {
  const now = timestampNow();
  const claimed = await row<{ id: number }>(
    tx,
    sql`UPDATE payment_links SET poll_claimed_until = ${params.until}
      WHERE id = ${params.id} AND (poll_claimed_until IS NULL OR poll_claimed_until < ${now})
      RETURNING id`,
  );
  return claimed !== undefined;
}

export async function finishLinkPoll(tx: WriteTx, params: { id: number; error: string | null }): Promise<void> {
  await run(
    tx,
    sql`UPDATE payment_links
      SET poll_claimed_until = NULL, last_polled_at = ${timestampNow()}, poll_error = ${params.error}
      WHERE id = ${params.id}`,
  );
}

export type GatewayPaymentRow = typeof gatewayPayments.$inferSelect;

/**
 * Claims a payment id for this write: inserts its row, or finds one there already (then nothing else
 * is written: the payment was applied, or listed as an exception, by whoever came first). On
 * PostgreSQL a second server's insert waits for the first one's transaction and then finds the row.
 */
export async function claimGatewayPayment(
  tx: WriteTx,
  payment: Omit<typeof gatewayPayments.$inferInsert, 'id' | 'createdAt' | 'receiptId' | 'flag'>,
): Promise<{ claimed: true; id: number } | { claimed: false; existing: GatewayPaymentRow }> {
  const inserted = await row<{ id: number }>(
    tx,
    sql`INSERT INTO gateway_payments (gateway, payment_id, link_id, amount_paise, paid_at, outcome, via, created_at)
      VALUES (${payment.gateway}, ${payment.paymentId}, ${payment.linkId ?? null}, ${payment.amountPaise},
        ${payment.paidAt}, ${payment.outcome}, ${payment.via}, ${timestampNow()})
      ON CONFLICT (gateway, payment_id) DO NOTHING
      RETURNING id`,
  );
  if (inserted) return { claimed: true, id: inserted.id };
  const [existing] = await tx
    .select()
    .from(gatewayPayments)
    .where(and(eq(gatewayPayments.gateway, payment.gateway), eq(gatewayPayments.paymentId, payment.paymentId)));
  return { claimed: false, existing: existing! };
}

export async function settleGatewayPayment(
  tx: WriteTx,
  params: { id: number; outcome: 'receipt' | 'exception'; receiptId: number | null; flag: string | null },
): Promise<void> {
  await tx
    .update(gatewayPayments)
    .set({ outcome: params.outcome, receiptId: params.receiptId, flag: params.flag })
    .where(eq(gatewayPayments.id, params.id));
}

export async function findGatewayPayment(
  db: Reader,
  params: { gateway: string; paymentId: string },
): Promise<(GatewayPaymentRow & { receiptNumber: number | null }) | undefined> {
  const [found] = await db
    .select({ payment: gatewayPayments, receiptNumber: receipts.number })
    .from(gatewayPayments)
    .leftJoin(receipts, eq(receipts.id, gatewayPayments.receiptId))
    .where(and(eq(gatewayPayments.gateway, params.gateway), eq(gatewayPayments.paymentId, params.paymentId)));
  return found && { ...found.payment, receiptNumber: found.receiptNumber };
}

export type PaymentExceptionRow = typeof paymentExceptions.$inferSelect;

/** Lists a payment that could not be applied; the same problem of the same payment is listed once. */
export async function insertPaymentException(
  tx: WriteTx,
  exception: Pick<
    typeof paymentExceptions.$inferInsert,
    'gateway' | 'departmentId' | 'linkId' | 'paymentId' | 'amountPaise' | 'problem'
  >,
): Promise<void> {
  await run(
    tx,
    sql`INSERT INTO payment_exceptions (gateway, department_id, link_id, payment_id, amount_paise, problem, created_at)
      VALUES (${exception.gateway}, ${exception.departmentId ?? null}, ${exception.linkId ?? null},
        ${exception.paymentId ?? null}, ${exception.amountPaise}, ${exception.problem}, ${timestampNow()})
      ON CONFLICT (gateway, payment_id, problem) DO NOTHING`,
  );
}

export interface PaymentExceptionListRow extends PaymentExceptionRow {
  admissionNo: string | null;
  studentName: string | null;
  resolvedByEmail: string | null;
}

/** A department's exceptions (and those whose student is gone, department unknown), newest first. */
export async function listPaymentExceptions(
  db: Reader,
  params: { departmentId: number; status?: 'open' | 'resolved'; limit: number },
): Promise<PaymentExceptionListRow[]> {
  const ofStatus = params.status ? sql`AND e.status = ${params.status}` : sql``;
  return rows<PaymentExceptionListRow>(
    db,
    sql`SELECT e.id AS id, e.gateway AS gateway, e.department_id AS "departmentId", e.link_id AS "linkId",
        e.payment_id AS "paymentId", e.amount_paise AS "amountPaise", e.problem AS problem, e.status AS status,
        e.created_at AS "createdAt", e.resolved_by AS "resolvedBy", e.resolved_at AS "resolvedAt",
        e.resolution AS resolution, l.admission_no AS "admissionNo", l.student_name AS "studentName",
        u.email AS "resolvedByEmail"
      FROM payment_exceptions e
      LEFT JOIN payment_links l ON l.id = e.link_id
      LEFT JOIN users u ON u.id = e.resolved_by
      WHERE (e.department_id = ${params.departmentId} OR e.department_id IS NULL) ${ofStatus}
      ORDER BY e.created_at DESC, e.id DESC
      LIMIT ${params.limit}`,
  );
}

export async function findPaymentException(db: Reader, id: number): Promise<PaymentExceptionRow | undefined> {
  const [found] = await db.select().from(paymentExceptions).where(eq(paymentExceptions.id, id));
  return found;
}

/** Resolves an open exception; false when it was resolved already (by another accountant). */
export async function resolvePaymentException(
  tx: WriteTx,
  params: { id: number; userId: number | null; resolution: string },
): Promise<boolean> {
  const done = await row<{ id: number }>(
    tx,
    sql`UPDATE payment_exceptions SET status = 'resolved', resolved_by = ${params.userId},
        resolved_at = ${timestampNow()}, resolution = ${params.resolution}
      WHERE id = ${params.id} AND status = 'open'
      RETURNING id`,
  );
  return done !== undefined;
}

/** What the link's other payments already made receipts of. */
export async function paidOnLink(tx: WriteTx, params: { linkId: number; exceptPaymentId: string }): Promise<number> {
  const sum = await row<{ paid: number | string | null }>(
    tx,
    sql`SELECT sum(amount_paise) AS paid FROM gateway_payments
      WHERE link_id = ${params.linkId} AND payment_id <> ${params.exceptPaymentId} AND outcome = 'receipt'`,
  );
  return Number(sum?.paid ?? 0);
}

/** A link's payments with the receipt numbers they became (none for an exception). */
export async function findGatewayPaymentsOfLink(
  db: Reader,
  linkId: number,
): Promise<Array<{ paymentId: string; amountPaise: number; receiptNumber: number | null; flag: string | null }>> {
  return db
    .select({
      paymentId: gatewayPayments.paymentId,
      amountPaise: gatewayPayments.amountPaise,
      receiptNumber: receipts.number,
      flag: gatewayPayments.flag,
    })
    .from(gatewayPayments)
    .leftJoin(receipts, eq(receipts.id, gatewayPayments.receiptId))
    .where(eq(gatewayPayments.linkId, linkId))
    .orderBy(gatewayPayments.id);
}
