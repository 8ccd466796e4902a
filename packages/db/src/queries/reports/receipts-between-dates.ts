import { sql } from 'drizzle-orm';
import type { Reader } from '../../client';
import { row, rows } from '../../engines';
import type { PaymentMode } from '../../schema';
import type { ReceiptTotals } from './shared';
import { type DatedSponsorReceiptRow, sponsorReceiptsBetween } from './sponsor-collections';

export interface DatedReceiptRow {
  number: number;
  date: string;
  studentId: number;
  studentName: string;
  admissionNo: string;
  batchId: number;
  batchName: string;
  courseId: number;
  courseName: string;
  netPaise: number;
  /** The receipt's one mode for the legacy paths: its largest part's. */
  paymentMode: PaymentMode;
  /** Every mode it was paid in, in part order (one for most receipts). */
  paymentModes: PaymentMode[];
}

export interface ReceiptsBetweenDatesReport {
  rows: DatedReceiptRow[];
  /** The sponsor receipts of the period (their own SP series), every one of them. */
  sponsorRows: DatedSponsorReceiptRow[];
  /** Every matching receipt and sponsor receipt, whether or not it is among the rows. */
  totals: ReceiptTotals;
  /** Of the totals, the sponsor receipts. */
  sponsorTotals: ReceiptTotals;
  truncated: boolean;
}

/**
 * Live receipts of a department dated from..to (both days included), by date then number, up to
 * `limit` rows, and its sponsor receipts of those days; the totals count them all. Reads receipts_department_date_idx.
 */
export async function receiptsBetweenDatesReport(
  db: Reader,
  params: { depId: number; from: string; to: string; limit: number },
): Promise<ReceiptsBetweenDatesReport> {
  const inRange = sql`r.department_id = ${params.depId}
    AND r.date BETWEEN ${params.from} AND ${params.to} AND r.status = 'live'`;
  const totals = (await row<ReceiptTotals>(
    db,
    sql`
    SELECT COUNT(*) AS count, COALESCE(SUM(r.net_paise), 0) AS "netPaise" FROM receipts r WHERE ${inRange}`,
  ))!;
  const found = await rows<Omit<DatedReceiptRow, 'paymentModes'> & { id: number }>(
    db,
    sql`
    SELECT r.id AS id, r.number AS number, r.date AS date, r.student_id AS "studentId", r.student_name AS "studentName",
      s.admission_no AS "admissionNo", r.batch_id AS "batchId", b.name AS "batchName", r.course_id AS "courseId",
      c.name AS "courseName", r.net_paise AS "netPaise", r.payment_mode AS "paymentMode"
    FROM receipts r
    JOIN students s ON s.id = r.student_id
    JOIN batches b ON b.id = r.batch_id
    JOIN courses c ON c.id = r.course_id
    WHERE ${inRange}
    ORDER BY r.date, r.number
    LIMIT ${params.limit}`,
  );
  const modes = new Map<number, PaymentMode[]>();
  if (found.length > 0) {
    const parts = await rows<{ receiptId: number; paymentMode: PaymentMode }>(
      db,
      sql`
      SELECT receipt_id AS "receiptId", payment_mode AS "paymentMode" FROM receipt_payments
      WHERE receipt_id IN (${sql.join(
        found.map((r) => sql`${r.id}`),
        sql`, `,
      )})
      ORDER BY receipt_id, part_no`,
    );
    for (const part of parts) modes.set(part.receiptId, [...(modes.get(part.receiptId) ?? []), part.paymentMode]);
  }
  const sponsorRows = await sponsorReceiptsBetween(db, params);
  const sponsorTotals = {
    count: sponsorRows.length,
    netPaise: sponsorRows.reduce((sum, r) => sum + r.amountPaise, 0),
  };
  return {
    rows: found.map(({ id, ...r }) => ({ ...r, paymentModes: modes.get(id) ?? [r.paymentMode] })),
    sponsorRows,
    totals: {
      count: Number(totals.count) + sponsorTotals.count,
      netPaise: Number(totals.netPaise) + sponsorTotals.netPaise,
    },
    sponsorTotals,
    truncated: found.length < totals.count,
  };
}
