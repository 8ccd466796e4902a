/**
 * The cashier's day book: for one date and one department (or all), the live receipts and sponsor receipts dated
 * that day by the staff account that took them, with net amounts per payment mode, the receipts dated that
 * day that were voided, the live refunds paid out that day, whether the day is closed, and the cheques
 * received, cleared and bounced that day (a demand draft counts as a cheque). Amounts are net (with
 * GST): what the cashier actually received; "advance" receipts settle dues from an advance and bring
 * no money.
 */
import { DEPARTMENTS } from '@fees/validation';
import { sql } from 'drizzle-orm';
import type { Reader } from '../client';
import { rows } from '../engines';
import { type ChequeCounts, chequeCounts, type DayClosing, dayClosingsOn } from './cheques';

/** The day book's payment modes as other programs name them ('advance': adjusted from advance). */
export interface DayBookModes {
  cash: number;
  upi: number;
  cheque: number;
  bank: number;
  card: number;
  /** Paid through the payment gateway (a payment link). */
  online: number;
  advance: number;
}

export interface DayBookUser {
  /** Null when the account was deleted after taking the receipts. */
  userId: number | null;
  email: string | null;
  /** The account's display name ("Received by ..."); null when the account was deleted. */
  name: string | null;
  receipts: number;
  totalPaise: number;
  byModePaise: DayBookModes;
}

export interface DayBookVoided {
  number: number;
  departmentId: number;
  netPaise: number;
  voidedAt: string | null;
  voidedByEmail: string | null;
}

export interface DayBookRefund {
  number: number;
  departmentId: number;
  admissionNo: string;
  studentName: string;
  amountPaise: number;
  paymentMode: string;
  createdByEmail: string | null;
  createdByName: string | null;
}

export interface DayBook {
  date: string;
  byUser: DayBookUser[];
  voided: DayBookVoided[];
  /** Live refund vouchers dated that day. */
  refunds: DayBookRefund[];
  cashReceivedPaise: number;
  cashRefundedPaise: number;
  cashToHandOverPaise: number;
  /** The departments of the book whose day is closed, with who closed it and when. */
  closings: DayClosing[];
  /** The department's day is closed (for every department: all of them are). */
  closed: boolean;
  /** Who closed it (for every department: each closer once), when closed. */
  closedBy: string | null;
  /** Cheques and drafts received (dated that day), cleared and bounced that day. */
  cheques: ChequeCounts;
}

/** takenBy: only the receipts, refunds and cheques this account took (a cashier's own day book). */
export async function dayBook(
  db: Reader,
  params: { depId?: number; date: string; takenBy?: number },
): Promise<DayBook> {
  const takenBy = params.takenBy === undefined ? sql`` : sql`AND r.created_by = ${params.takenBy}`;
  const ofDepartment = params.depId === undefined ? takenBy : sql`AND r.department_id = ${params.depId} ${takenBy}`;
  const users = await rows<Omit<DayBookUser, 'byModePaise'> & DayBookModes>(
    db,
    sql`
    SELECT r.created_by AS "userId", u.email AS email, u.name AS name, COUNT(DISTINCT r.id) AS receipts,
      SUM(r.amount_paise) AS "totalPaise",
      SUM(CASE WHEN r.payment_mode = 'cash' THEN r.amount_paise ELSE 0 END) AS cash,
      SUM(CASE WHEN r.payment_mode = 'upi' THEN r.amount_paise ELSE 0 END) AS upi,
      SUM(CASE WHEN r.payment_mode IN ('cheque', 'dd') THEN r.amount_paise ELSE 0 END) AS cheque,
      SUM(CASE WHEN r.payment_mode = 'bank_transfer' THEN r.amount_paise ELSE 0 END) AS bank,
      SUM(CASE WHEN r.payment_mode = 'card' THEN r.amount_paise ELSE 0 END) AS card,
      SUM(CASE WHEN r.payment_mode = 'online' THEN r.amount_paise ELSE 0 END) AS online,
      SUM(CASE WHEN r.payment_mode = 'advance' THEN r.amount_paise ELSE 0 END) AS advance
    FROM (
      SELECT 'r' || r.id AS id, r.created_by, p.payment_mode, p.amount_paise
      FROM receipts r JOIN receipt_payments p ON p.receipt_id = r.id
      WHERE r.date = ${params.date} AND r.status = 'live' ${ofDepartment}
      UNION ALL
      SELECT 's' || r.id, r.created_by, r.mode, r.amount_paise FROM sponsor_receipts r
      WHERE r.date = ${params.date} ${ofDepartment}
    ) r LEFT JOIN users u ON u.id = r.created_by
    GROUP BY r.created_by, u.email, u.name
    ORDER BY u.email IS NULL, u.email`,
  );
  const voided = await rows<DayBookVoided>(
    db,
    sql`
    SELECT r.number AS number, r.department_id AS "departmentId", r.net_paise AS "netPaise", r.voided_at AS "voidedAt",
      u.email AS "voidedByEmail"
    FROM receipts r LEFT JOIN users u ON u.id = r.voided_by
    WHERE r.date = ${params.date} AND r.status = 'voided' ${ofDepartment}
    ORDER BY r.number`,
  );
  const refundsTakenBy = params.takenBy === undefined ? sql`` : sql`AND f.created_by = ${params.takenBy}`;
  const ofRefundDepartment =
    params.depId === undefined ? refundsTakenBy : sql`AND f.department_id = ${params.depId} ${refundsTakenBy}`;
  const refunds = await rows<DayBookRefund>(
    db,
    sql`
    SELECT f.number AS number, f.department_id AS "departmentId", s.admission_no AS "admissionNo",
      f.student_name AS "studentName",
      f.amount_paise AS "amountPaise", f.payment_mode AS "paymentMode", u.email AS "createdByEmail",
      u.name AS "createdByName"
    FROM refunds f JOIN students s ON s.id = f.student_id LEFT JOIN users u ON u.id = f.created_by
    WHERE f.date = ${params.date} AND f.status = 'live' ${ofRefundDepartment}
    ORDER BY f.number`,
  );
  const byUser = users.map(
    ({ userId, email, name, receipts, totalPaise, cash, upi, cheque, bank, card, online, advance }) => ({
      userId,
      email,
      name,
      receipts,
      totalPaise,
      byModePaise: { cash, upi, cheque, bank, card, online, advance },
    }),
  );
  const cashReceivedPaise = byUser.reduce((sum, u) => sum + u.byModePaise.cash, 0);
  const cashRefundedPaise = refunds.reduce((sum, f) => sum + (f.paymentMode === 'cash' ? f.amountPaise : 0), 0);
  const closings = await dayClosingsOn(db, params);
  const closed = closings.length === (params.depId === undefined ? DEPARTMENTS.length : 1);
  return {
    date: params.date,
    byUser,
    voided,
    refunds,
    cashReceivedPaise,
    cashRefundedPaise,
    cashToHandOverPaise: cashReceivedPaise - cashRefundedPaise,
    closings,
    closed,
    closedBy: closed ? [...new Set(closings.map((c) => c.closedByEmail ?? '(deleted account)'))].join(', ') : null,
    cheques: await chequeCounts(db, { ...params, from: params.date, to: params.date }),
  };
}
