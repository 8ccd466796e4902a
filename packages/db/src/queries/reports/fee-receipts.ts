import { sql } from 'drizzle-orm';
import type { Reader } from '../../client';
import { engineSql, row, rows } from '../../engines';
import { containsText } from '../like';
import type { BatchGroup, ReceiptTotals } from './shared';

export interface FeeReceiptRow {
  number: number;
  date: string;
  studentId: number;
  admissionNo: string;
  studentName: string;
  address: string;
  batchId: number;
  batchName: string;
  /** The receipt's net amount (its lines plus GST). */
  netPaise: number;
}

export interface FeeReceiptReport {
  /** Every batch with matching receipts and its complete totals; rows only up to the limit. */
  batches: Array<BatchGroup<FeeReceiptRow, ReceiptTotals> & { truncated: boolean }>;
  totals: ReceiptTotals;
  /** True when some matching receipts are not among the rows (the totals still count them). */
  truncated: boolean;
}

/**
 * Live receipts of one course of a department, newest batch first (start date descending, then name)
 * then by receipt number, optionally of one batch and narrowed to a text in the student's name,
 * admission number or the receipt number. Totals count every matching receipt: without a text they
 * are the running totals of the course's batches (course_batch_receipts), with one they are counted
 * from receipts_live_course_idx. Rows stop at `limit`, read one batch at a time in the groups' order
 * (a course has few batches, so sorting them is cheap) and in number order within each from
 * receipts_live_course_idx, so a page never sorts the course's receipts.
 */
export async function feeReceiptReport(
  db: Reader,
  params: { depId: number; courseId: number; text?: string; batchId?: number; limit: number },
): Promise<FeeReceiptReport> {
  const engine = engineSql(db);
  const empty: FeeReceiptReport = { batches: [], totals: { count: 0, netPaise: 0 }, truncated: false };
  // The course decides the department, so the receipts need no department filter of their own.
  if (!(await courseOfDepartment(db, params))) return empty;
  const search = params.text
    ? sql`AND ${containsText(db, ['r.student_name', 's.admission_no', 'CAST(r.number AS TEXT)'], params.text)}`
    : sql``;
  const oneBatch = params.batchId === undefined ? sql`` : sql`AND r.batch_id = ${params.batchId}`;
  // Without a text the totals are the running totals of the course's batches (course_batch_receipts).
  const groups = await rows<{
    batchId: number;
    batchName: string;
    count: number;
    netPaise: number;
    allCount: number;
    allNetPaise: number;
  }>(
    db,
    params.text
      ? sql`
    SELECT r.batch_id AS "batchId", b.name AS "batchName", COUNT(*) AS count, SUM(r.net_paise) AS "netPaise",
      SUM(COUNT(*)) OVER () AS "allCount", SUM(SUM(r.net_paise)) OVER () AS "allNetPaise"
    FROM receipts r
    JOIN batches b ON b.id = r.batch_id
    JOIN students s ON s.id = r.student_id
    WHERE r.course_id = ${params.courseId} AND r.status = 'live' ${oneBatch} ${search}
    GROUP BY r.batch_id, b.id
    ORDER BY b.start_date DESC, b.name, b.id`
      : sql`
    SELECT t.batch_id AS "batchId", b.name AS "batchName", t.receipt_count AS count, t.net_paise AS "netPaise",
      SUM(t.receipt_count) OVER () AS "allCount", SUM(t.net_paise) OVER () AS "allNetPaise"
    FROM course_batch_receipts t
    JOIN batches b ON b.id = t.batch_id
    WHERE t.course_id = ${params.courseId} AND t.receipt_count > 0
      ${params.batchId === undefined ? sql`` : sql`AND t.batch_id = ${params.batchId}`}
    ORDER BY b.start_date DESC, b.name, b.id`,
  );
  if (groups.length === 0) return empty;
  // One batch at a time in the groups' order (newest first), each a range of receipts_live_course_idx
  // in number order, until the page is full.
  const rowsOf = new Map<number, FeeReceiptRow[]>();
  let shown = 0;
  for (const g of groups) {
    if (shown >= params.limit) break;
    const own = await rows<FeeReceiptRow>(
      db,
      sql`
    SELECT r.number AS number, r.date AS date, r.student_id AS "studentId", s.admission_no AS "admissionNo",
      r.student_name AS "studentName", r.address AS address, r.batch_id AS "batchId", ${g.batchName} AS "batchName",
      r.net_paise AS "netPaise"
    FROM receipts r ${engine.indexedBy('receipts_live_course_idx')}
    JOIN students s ON s.id = r.student_id
    WHERE r.course_id = ${params.courseId} AND r.batch_id = ${g.batchId} AND r.status = 'live' ${search}
    ORDER BY r.number
    LIMIT ${params.limit - shown}`,
    );
    rowsOf.set(g.batchId, own);
    shown += own.length;
  }
  const first = groups[0]!;
  return {
    batches: groups.map((g) => {
      const own = rowsOf.get(g.batchId) ?? [];
      return {
        batchId: g.batchId,
        batchName: g.batchName,
        totals: { count: g.count, netPaise: g.netPaise },
        rows: own,
        truncated: own.length < g.count,
      };
    }),
    totals: { count: first.allCount, netPaise: first.allNetPaise },
    truncated: shown < first.allCount,
  };
}

async function courseOfDepartment(db: Reader, params: { depId: number; courseId: number }): Promise<boolean> {
  return (
    (await row(
      db,
      sql`SELECT 1 AS ok FROM courses WHERE id = ${params.courseId} AND department_id = ${params.depId}`,
    )) !== undefined
  );
}
