/**
 * Cheques and demand drafts (the instrument behind a receipt) and closed days. The writes run inside
 * the receipt service's transactions; the Cheques list and the day book read here.
 */
import { CHEQUE_BOUNCE_HEAD } from '@fees/validation';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { bound, engineSql, row, rows, run } from '../engines';
import {
  type ChequeStatus,
  cheques,
  dayClosings,
  feeHeads,
  receiptPayments,
  receipts,
  settings,
  students,
  users,
} from '../schema';
import { timestampNow } from './now';

export type Instrument = Pick<typeof cheques.$inferSelect, 'bank' | 'instrumentNo' | 'instrumentDate'>;

export type StoredCheque = Omit<typeof cheques.$inferSelect, 'settledBy' | 'settledAt'>;

/** A cheque with the number of its receipt. */
export interface FoundCheque extends StoredCheque {
  receiptNumber: number;
}

const CHEQUE_COLUMNS = sql`id, receipt_id AS "receiptId", department_id AS "departmentId", student_id AS "studentId",
  bank, instrument_no AS "instrumentNo", instrument_date AS "instrumentDate", status, cleared_on AS "clearedOn",
  bounced_on AS "bouncedOn", bounce_reason AS "bounceReason", bounce_charge_paise AS "bounceChargePaise", version`;

/** Records the instrument of a new cheque or DD receipt (pending). */
export async function insertCheque(
  db: WriteTx,
  row: Instrument & { receiptId: number; departmentId: number; studentId: number },
): Promise<void> {
  await run(
    db,
    sql`INSERT INTO cheques (receipt_id, department_id, student_id, bank, instrument_no, instrument_date)
     VALUES (${row.receiptId}, ${row.departmentId}, ${row.studentId}, ${row.bank}, ${row.instrumentNo},
       ${row.instrumentDate})`,
  );
}

export async function findChequeOfReceipt(db: Reader, receiptId: number): Promise<StoredCheque | null> {
  return (
    (await row<StoredCheque>(db, sql`SELECT ${CHEQUE_COLUMNS} FROM cheques WHERE receipt_id = ${receiptId}`)) ?? null
  );
}

export async function findCheque(db: Reader, id: number): Promise<FoundCheque | null> {
  return (
    (await row<FoundCheque>(
      db,
      sql`SELECT ${CHEQUE_COLUMNS}, (SELECT number FROM receipts WHERE id = receipt_id) AS "receiptNumber"
             FROM cheques WHERE id = ${id}`,
    )) ?? null
  );
}

/** An edited receipt's instrument (bank, number, date), while it is pending. */
export async function updateChequeInstrument(db: WriteTx, params: Instrument & { receiptId: number }): Promise<void> {
  const { bank, instrumentNo, instrumentDate, receiptId } = params;
  await run(
    db,
    sql`UPDATE cheques SET bank = ${bank}, instrument_no = ${instrumentNo}, instrument_date = ${instrumentDate},
         version = version + 1
     WHERE receipt_id = ${receiptId}`,
  );
}

/** A receipt edited to another payment mode no longer has an instrument. */
export async function deleteChequeOfReceipt(db: WriteTx, receiptId: number): Promise<void> {
  await run(db, sql`DELETE FROM cheques WHERE receipt_id = ${receiptId}`);
}

/** Marks a pending cheque cleared or bounced; false when it was no longer pending. */
export async function settleCheque(
  db: WriteTx,
  change: {
    id: number;
    status: 'cleared' | 'bounced';
    date: string;
    reason: string | null;
    chargePaise: number;
    userId: number | null;
  },
): Promise<boolean> {
  const { id, status, date, reason, chargePaise, userId } = change;
  const { changes } = await run(
    db,
    sql`UPDATE cheques SET status = ${status},
       cleared_on = CASE WHEN ${status} = 'cleared' THEN ${date} END,
       bounced_on = CASE WHEN ${status} = 'bounced' THEN ${date} END,
       bounce_reason = ${reason}, bounce_charge_paise = ${chargePaise},
       settled_by = ${userId}, settled_at = ${timestampNow()}, version = version + 1
     WHERE id = ${id} AND status = 'pending'`,
  );
  return changes === 1;
}

export interface ChequeListRow extends StoredCheque {
  paymentMode: string;
  receiptNumber: number;
  receiptDate: string;
  receiptStatus: string;
  netPaise: number;
  admissionNo: string;
  studentName: string;
  settledByEmail: string | null;
}

/** A department's cheques and drafts, newest receipt first; one status or all. */
export async function listCheques(
  db: Reader,
  params: { depId: number; status?: ChequeStatus },
): Promise<ChequeListRow[]> {
  return await db
    .select({
      id: cheques.id,
      receiptId: cheques.receiptId,
      departmentId: cheques.departmentId,
      studentId: cheques.studentId,
      bank: cheques.bank,
      instrumentNo: cheques.instrumentNo,
      instrumentDate: cheques.instrumentDate,
      status: cheques.status,
      clearedOn: cheques.clearedOn,
      bouncedOn: cheques.bouncedOn,
      bounceReason: cheques.bounceReason,
      bounceChargePaise: cheques.bounceChargePaise,
      version: cheques.version,
      paymentMode: receiptPayments.paymentMode,
      receiptNumber: receipts.number,
      receiptDate: receipts.date,
      receiptStatus: receipts.status,
      netPaise: receiptPayments.amountPaise,
      admissionNo: students.admissionNo,
      studentName: receipts.studentName,
      settledByEmail: users.email,
    })
    .from(cheques)
    .innerJoin(receipts, eq(receipts.id, cheques.receiptId))
    .innerJoin(
      receiptPayments,
      and(eq(receiptPayments.receiptId, cheques.receiptId), inArray(receiptPayments.paymentMode, ['cheque', 'dd'])),
    )
    .innerJoin(students, eq(students.id, cheques.studentId))
    .leftJoin(users, eq(users.id, cheques.settledBy))
    .where(and(eq(cheques.departmentId, params.depId), params.status ? eq(cheques.status, params.status) : undefined))
    .orderBy(desc(receipts.date), desc(receipts.number));
}

export interface ChequeCount {
  count: number;
  amountPaise: number;
}

export interface ChequeCounts {
  /**
   * Cheques and drafts taken that day (receipt date), bounced since or not; a receipt voided for another reason is left
   * out.
   */
  received: ChequeCount;
  /** Cleared by the bank that day. */
  cleared: ChequeCount;
  /** Returned by the bank that day. */
  bounced: ChequeCount;
}

/**
 * Cheques received, cleared and bounced in a date range, in one department or all, with the amounts of the
 * cheque or draft parts of their receipts: received through the receipts of the period (receipts_date_idx),
 * each probing its cheque by receipt; cleared and bounced through their dates on cheques. On SQLite the index
 * hints keep one department's report off cheques_department_status_idx, which would read all of the
 * department's cheques ever taken. takenBy: only the cheques of the receipts this account took.
 */
export async function chequeCounts(
  db: Reader,
  params: { depId?: number; from: string; to: string; takenBy?: number },
): Promise<ChequeCounts> {
  const engine = engineSql(db);
  // A cheque is taken by whoever took its receipt: a cashier's own day book counts only those.
  const takenBy =
    params.takenBy === undefined
      ? sql``
      : sql`AND EXISTS (SELECT 1 FROM receipts t WHERE t.id = c.receipt_id AND t.created_by = ${params.takenBy})`;
  const ofDepartment = params.depId === undefined ? takenBy : sql`AND c.department_id = ${params.depId} ${takenBy}`;
  const part = sql`receipt_payments p ON p.receipt_id = c.receipt_id AND p.payment_mode IN ('cheque', 'dd')`;
  const found = await rows<{ kind: keyof ChequeCounts; count: number; amountPaise: number }>(
    db,
    sql`
    SELECT 'received' AS kind, COUNT(*) AS count, COALESCE(SUM(p.amount_paise), 0) AS "amountPaise"
    FROM receipts r ${engine.indexedBy('receipts_date_idx')}
      ${engine.joinInOrder} cheques c ON c.receipt_id = r.id
      JOIN ${part}
    WHERE r.date BETWEEN ${params.from} AND ${params.to}
      AND (r.status = 'live' OR c.status = 'bounced') ${ofDepartment}
    UNION ALL
    SELECT 'cleared', COUNT(*), COALESCE(SUM(p.amount_paise), 0)
    FROM cheques c ${engine.indexedBy('cheques_cleared_on_idx')} ${engine.joinInOrder} ${part}
    WHERE c.cleared_on BETWEEN ${params.from} AND ${params.to} ${ofDepartment}
    UNION ALL
    SELECT 'bounced', COUNT(*), COALESCE(SUM(p.amount_paise), 0)
    FROM cheques c ${engine.indexedBy('cheques_bounced_on_idx')} ${engine.joinInOrder} ${part}
    WHERE c.bounced_on BETWEEN ${params.from} AND ${params.to} ${ofDepartment}`,
  );
  const of = (kind: keyof ChequeCounts): ChequeCount => {
    const counted = found.find((f) => f.kind === kind);
    return { count: counted?.count ?? 0, amountPaise: counted?.amountPaise ?? 0 };
  };
  return { received: of('received'), cleared: of('cleared'), bounced: of('bounced') };
}

export async function findChequeBounceHeadId(db: Reader): Promise<number | null> {
  return (
    (await db.select({ id: feeHeads.id }).from(feeHeads).where(eq(feeHeads.name, CHEQUE_BOUNCE_HEAD)).limit(1))[0]
      ?.id ?? null
  );
}

// Closed days

export type DayClosing = Pick<typeof dayClosings.$inferSelect, 'departmentId' | 'date' | 'closedAt'> & {
  closedByEmail: string | null;
};

const DAY_CLOSING = sql`SELECT dc.department_id AS "departmentId", dc.date, dc.closed_at AS "closedAt",
    u.email AS "closedByEmail"
  FROM day_closings dc LEFT JOIN users u ON u.id = dc.closed_by
  WHERE dc.department_id = ${sql.placeholder('departmentId')} AND dc.date = ${sql.placeholder('date')}`;

export async function findDayClosing(
  db: Reader,
  params: { departmentId: number; date: string },
): Promise<DayClosing | null> {
  return (await row<DayClosing>(db, bound(DAY_CLOSING, params))) ?? null;
}

/** The closings of a date, in department order (the day book of one department or all). */
export async function dayClosingsOn(db: Reader, params: { depId?: number; date: string }): Promise<DayClosing[]> {
  return await db
    .select({
      departmentId: dayClosings.departmentId,
      date: dayClosings.date,
      closedAt: dayClosings.closedAt,
      closedByEmail: users.email,
    })
    .from(dayClosings)
    .leftJoin(users, eq(users.id, dayClosings.closedBy))
    .where(
      and(
        eq(dayClosings.date, params.date),
        params.depId === undefined ? undefined : eq(dayClosings.departmentId, params.depId),
      ),
    )
    .orderBy(dayClosings.departmentId);
}

/** Closes a department's day; false when it was closed already. */
export async function insertDayClosing(
  db: WriteTx,
  row: { departmentId: number; date: string; closedBy: number | null },
): Promise<boolean> {
  const inserted = await db.insert(dayClosings).values(row).onConflictDoNothing().returning({ date: dayClosings.date });
  return inserted.length === 1;
}

/** Reopens a department's day; false when it was not closed. */
export async function deleteDayClosing(db: WriteTx, params: { departmentId: number; date: string }): Promise<boolean> {
  const deleted = await db
    .delete(dayClosings)
    .where(and(eq(dayClosings.departmentId, params.departmentId), eq(dayClosings.date, params.date)))
    .returning({ date: dayClosings.date });
  return deleted.length === 1;
}

export async function getStaffMayCloseDay(db: Reader): Promise<boolean> {
  return (
    (await db.select({ v: settings.staffMayCloseDay }).from(settings).where(eq(settings.id, 1)).limit(1))[0]?.v === 1
  );
}

export async function setStaffMayCloseDay(db: WriteTx, staffMayCloseDay: boolean): Promise<void> {
  await db
    .update(settings)
    .set({ staffMayCloseDay: staffMayCloseDay ? 1 : 0 })
    .where(eq(settings.id, 1));
}
