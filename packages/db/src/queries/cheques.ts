/**
 * Cheques and demand drafts (the instrument behind a receipt) and closed days. The writes run inside
 * the receipt service's transactions; the Cheques list and the day book read here.
 */
import { CHEQUE_BOUNCE_HEAD } from '@fees/validation';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../client';
import { type ChequeStatus, cheques, dayClosings, feeHeads, receipts, settings, students, users } from '../schema';
import { prepared } from './prepared';

export interface Instrument {
  bank: string;
  instrumentNo: string;
  instrumentDate: string;
}

export interface StoredCheque extends Instrument {
  id: number;
  receiptId: number;
  departmentId: number;
  studentId: number;
  status: ChequeStatus;
  clearedOn: string | null;
  bouncedOn: string | null;
  bounceReason: string | null;
  bounceChargePaise: number;
  version: number;
}

/** A cheque with the number of its receipt. */
export interface FoundCheque extends StoredCheque {
  receiptNumber: number;
}

const CHEQUE_COLUMNS = `id, receipt_id AS "receiptId", department_id AS "departmentId", student_id AS "studentId", bank,
  instrument_no AS "instrumentNo", instrument_date AS "instrumentDate", status, cleared_on AS "clearedOn",
  bounced_on AS "bouncedOn", bounce_reason AS "bounceReason", bounce_charge_paise AS "bounceChargePaise", version`;

/** Records the instrument of a new cheque or DD receipt (pending). */
export function insertCheque(db: Database, row: Instrument & { receiptId: number; departmentId: number; studentId: number }): void {
  prepared(
    db,
    `INSERT INTO cheques (receipt_id, department_id, student_id, bank, instrument_no, instrument_date)
     VALUES (@receiptId, @departmentId, @studentId, @bank, @instrumentNo, @instrumentDate)`,
  ).run(row);
}

export function findChequeOfReceipt(db: Database, receiptId: number): StoredCheque | null {
  return prepared<StoredCheque>(db, `SELECT ${CHEQUE_COLUMNS} FROM cheques WHERE receipt_id = ?`).get(receiptId) ?? null;
}

export function findCheque(db: Database, id: number): FoundCheque | null {
  return (
    prepared<FoundCheque>(db, `SELECT ${CHEQUE_COLUMNS}, (SELECT number FROM receipts WHERE id = receipt_id) AS "receiptNumber" FROM cheques WHERE id = ?`).get(id) ??
    null
  );
}

/** An edited receipt's instrument (bank, number, date), while it is pending. */
export function updateChequeInstrument(db: Database, receiptId: number, instrument: Instrument): void {
  prepared(
    db,
    `UPDATE cheques SET bank = @bank, instrument_no = @instrumentNo, instrument_date = @instrumentDate, version = version + 1
     WHERE receipt_id = @receiptId`,
  ).run({ ...instrument, receiptId });
}

/** A receipt edited to another payment mode no longer has an instrument. */
export function deleteChequeOfReceipt(db: Database, receiptId: number): void {
  prepared(db, 'DELETE FROM cheques WHERE receipt_id = ?').run(receiptId);
}

/** Marks a pending cheque cleared or bounced; false when it was no longer pending. */
export function settleCheque(
  db: Database,
  change: { id: number; status: 'cleared' | 'bounced'; date: string; reason: string | null; chargePaise: number; userId: number | null },
): boolean {
  const { changes } = prepared(
    db,
    `UPDATE cheques SET status = @status,
       cleared_on = CASE WHEN @status = 'cleared' THEN @date END,
       bounced_on = CASE WHEN @status = 'bounced' THEN @date END,
       bounce_reason = @reason, bounce_charge_paise = @chargePaise,
       settled_by = @userId, settled_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), version = version + 1
     WHERE id = @id AND status = 'pending'`,
  ).run(change);
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
export async function listCheques(db: DbOrTx, params: { depId: number; status?: ChequeStatus }): Promise<ChequeListRow[]> {
  return db
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
      paymentMode: receipts.paymentMode,
      receiptNumber: receipts.number,
      receiptDate: receipts.date,
      receiptStatus: receipts.status,
      netPaise: receipts.netPaise,
      admissionNo: students.admissionNo,
      studentName: receipts.studentName,
      settledByEmail: users.email,
    })
    .from(cheques)
    .innerJoin(receipts, eq(receipts.id, cheques.receiptId))
    .innerJoin(students, eq(students.id, cheques.studentId))
    .leftJoin(users, eq(users.id, cheques.settledBy))
    .where(and(eq(cheques.departmentId, params.depId), params.status ? eq(cheques.status, params.status) : undefined))
    .orderBy(desc(receipts.date), desc(receipts.number))
    .all();
}

export interface ChequeCount {
  count: number;
  amountPaise: number;
}

export interface ChequeCounts {
  /** Cheques and drafts taken that day (receipt date), bounced since or not; a receipt voided for another reason is left out. */
  received: ChequeCount;
  /** Cleared by the bank that day. */
  cleared: ChequeCount;
  /** Returned by the bank that day. */
  bounced: ChequeCount;
}

/** Cheques received, cleared and bounced in a date range, in one department or all. */
export function chequeCounts(db: DbOrTx, params: { depId?: number; from: string; to: string }): ChequeCounts {
  const ofDepartment = params.depId === undefined ? sql`` : sql`AND c.department_id = ${params.depId}`;
  const row = db.get<{ [k: string]: number }>(sql`
    SELECT
      COALESCE(SUM(CASE WHEN r.date BETWEEN ${params.from} AND ${params.to} AND (r.status = 'live' OR c.status = 'bounced') THEN 1 ELSE 0 END), 0) AS "receivedCount",
      COALESCE(SUM(CASE WHEN r.date BETWEEN ${params.from} AND ${params.to} AND (r.status = 'live' OR c.status = 'bounced') THEN r.net_paise ELSE 0 END), 0) AS "receivedPaise",
      COALESCE(SUM(CASE WHEN c.cleared_on BETWEEN ${params.from} AND ${params.to} THEN 1 ELSE 0 END), 0) AS "clearedCount",
      COALESCE(SUM(CASE WHEN c.cleared_on BETWEEN ${params.from} AND ${params.to} THEN r.net_paise ELSE 0 END), 0) AS "clearedPaise",
      COALESCE(SUM(CASE WHEN c.bounced_on BETWEEN ${params.from} AND ${params.to} THEN 1 ELSE 0 END), 0) AS "bouncedCount",
      COALESCE(SUM(CASE WHEN c.bounced_on BETWEEN ${params.from} AND ${params.to} THEN r.net_paise ELSE 0 END), 0) AS "bouncedPaise"
    FROM cheques c JOIN receipts r ON r.id = c.receipt_id
    WHERE (r.date BETWEEN ${params.from} AND ${params.to} OR c.cleared_on BETWEEN ${params.from} AND ${params.to}
      OR c.bounced_on BETWEEN ${params.from} AND ${params.to}) ${ofDepartment}`);
  return {
    received: { count: row?.receivedCount ?? 0, amountPaise: row?.receivedPaise ?? 0 },
    cleared: { count: row?.clearedCount ?? 0, amountPaise: row?.clearedPaise ?? 0 },
    bounced: { count: row?.bouncedCount ?? 0, amountPaise: row?.bouncedPaise ?? 0 },
  };
}

export function findChequeBounceHeadId(db: DbOrTx): number | null {
  return db.select({ id: feeHeads.id }).from(feeHeads).where(eq(feeHeads.name, CHEQUE_BOUNCE_HEAD)).get()?.id ?? null;
}

// Closed days

export interface DayClosing {
  departmentId: number;
  date: string;
  closedAt: string;
  closedByEmail: string | null;
}

export function findDayClosing(db: DbOrTx, departmentId: number, date: string): DayClosing | null {
  return (
    prepared<DayClosing>(
      db,
      `SELECT dc.department_id AS "departmentId", dc.date, dc.closed_at AS "closedAt", u.email AS "closedByEmail"
       FROM day_closings dc LEFT JOIN users u ON u.id = dc.closed_by
       WHERE dc.department_id = ? AND dc.date = ?`,
    ).get(departmentId, date) ?? null
  );
}

/** The closings of a date, in department order (the day book of one department or all). */
export function dayClosingsOn(db: DbOrTx, params: { depId?: number; date: string }): DayClosing[] {
  return db
    .select({ departmentId: dayClosings.departmentId, date: dayClosings.date, closedAt: dayClosings.closedAt, closedByEmail: users.email })
    .from(dayClosings)
    .leftJoin(users, eq(users.id, dayClosings.closedBy))
    .where(and(eq(dayClosings.date, params.date), params.depId === undefined ? undefined : eq(dayClosings.departmentId, params.depId)))
    .orderBy(dayClosings.departmentId)
    .all();
}

/** Closes a department's day; false when it was closed already. */
export function insertDayClosing(db: DbOrTx, row: { departmentId: number; date: string; closedBy: number | null }): boolean {
  return db.insert(dayClosings).values(row).onConflictDoNothing().run().changes === 1;
}

export function getStaffMayCloseDay(db: DbOrTx): boolean {
  return db.select({ v: settings.staffMayCloseDay }).from(settings).where(eq(settings.id, 1)).get()?.v === 1;
}

export function setStaffMayCloseDay(db: DbOrTx, staffMayCloseDay: boolean): void {
  db.update(settings)
    .set({ staffMayCloseDay: staffMayCloseDay ? 1 : 0 })
    .where(eq(settings.id, 1))
    .run();
}
