import { type SQL, sql } from 'drizzle-orm';
import type { Reader } from '../client';
import { row, rows } from '../engines';
import type { receipts } from '../schema';
import { containsText } from './like';

type Receipt = typeof receipts.$inferSelect;

/** One receipt of the register: what a clerk recognises it by, and the version a Void from the list sends. */
export type RegisterRow = Pick<
  Receipt,
  'number' | 'date' | 'studentId' | 'studentName' | 'netPaise' | 'paymentMode' | 'paymentReference' | 'status'
> &
  Pick<Receipt, 'version' | 'voidedAt'> & {
    admissionNo: string;
    courseName: string;
    batchName: string;
    clerkId: number | null;
    clerkEmail: string | null;
  };

export interface RegisterFilter {
  depId: number;
  from: string;
  to: string;
  paymentMode?: string;
  clerkId?: number;
  /** Any part of the student's name (as on the receipt) or admission number. */
  student?: string;
  status?: 'live' | 'voided';
}

export interface ReceiptRegisterPage {
  rows: RegisterRow[];
  /** Every receipt the filter matches, on any page; the net of the live ones among them. */
  count: number;
  liveNetPaise: number;
  /** Who took receipts in the department between the dates, for the clerk filter. */
  clerks: Array<{ id: number; email: string }>;
}

function matching(db: Reader, f: RegisterFilter): SQL {
  const conditions = [sql`r.department_id = ${f.depId}`, sql`r.date BETWEEN ${f.from} AND ${f.to}`];
  // A receipt paid in several modes is found under each of them.
  if (f.paymentMode)
    conditions.push(
      sql`EXISTS (SELECT 1 FROM receipt_payments p WHERE p.receipt_id = r.id AND p.payment_mode = ${f.paymentMode})`,
    );
  if (f.clerkId !== undefined) conditions.push(sql`r.created_by = ${f.clerkId}`);
  if (f.status) conditions.push(sql`r.status = ${f.status}`);
  if (f.student) conditions.push(containsText(db, ['r.student_name', 's.admission_no'], f.student));
  return sql.join(conditions, sql` AND `);
}

/**
 * A department's receipts between two dates, newest first (date, then number), one page of them, with
 * how many match in all. Reads receipts_department_date_idx.
 */
export async function receiptRegister(
  db: Reader,
  params: RegisterFilter & { page: number; pageSize: number },
): Promise<ReceiptRegisterPage> {
  const where = matching(db, params);
  const summary = (await row<{ count: number; liveNetPaise: number }>(
    db,
    sql`SELECT COUNT(*) AS count,
          COALESCE(SUM(CASE WHEN r.status = 'live' THEN r.net_paise ELSE 0 END), 0) AS "liveNetPaise"
        FROM receipts r JOIN students s ON s.id = r.student_id
        WHERE ${where}`,
  ))!;
  const found = await rows<RegisterRow>(
    db,
    sql`SELECT r.number, r.date, r.student_id AS "studentId", r.student_name AS "studentName",
          s.admission_no AS "admissionNo", c.name AS "courseName", b.name AS "batchName", r.net_paise AS "netPaise",
          r.payment_mode AS "paymentMode", r.payment_reference AS "paymentReference", r.status, r.version,
          r.voided_at AS "voidedAt", r.created_by AS "clerkId", u.email AS "clerkEmail"
        FROM receipts r
        JOIN students s ON s.id = r.student_id
        JOIN courses c ON c.id = r.course_id
        JOIN batches b ON b.id = r.batch_id
        LEFT JOIN users u ON u.id = r.created_by
        WHERE ${where}
        ORDER BY r.date DESC, r.number DESC
        LIMIT ${params.pageSize} OFFSET ${(params.page - 1) * params.pageSize}`,
  );
  const clerks = await rows<{ id: number; email: string }>(
    db,
    sql`SELECT DISTINCT u.id, u.email FROM receipts r JOIN users u ON u.id = r.created_by
        WHERE r.department_id = ${params.depId} AND r.date BETWEEN ${params.from} AND ${params.to}
        ORDER BY u.email`,
  );
  return { rows: found, count: Number(summary.count), liveNetPaise: Number(summary.liveNetPaise), clerks };
}
