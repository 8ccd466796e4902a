/**
 * The reports. Every figure obeys decisions.md: for a student and a fee head of the student's batch's
 * fee structure, fee = the structure's amount, discount = discount + adjustment, paid = that head's
 * lines on the student's live receipts, balance = fee - discount - paid; a student's totals are sums
 * over those heads. Voided receipts count nowhere. Totals are computed by SQLite (window functions
 * over the selected rows), never by summing rows in JavaScript.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { row, rows } from '../engine/runner';
import type { PaymentMode, ReceiptStatus } from '../schema';

/**
 * Paid on one fee head of one student: the head's lines on the student's live receipts, as the
 * running totals keep it (student_head_paid, by primary key). Aliases: s = students, fs = fee_structures.
 */
const PAID_ON_HEAD = sql.raw('(SELECT p.paid_paise FROM student_head_paid p WHERE p.student_id = s.id AND p.fee_head_id = fs.fee_head_id)');

export interface BatchGroup<Row, Totals> {
  batchId: number;
  batchName: string;
  totals: Totals;
  rows: Row[];
}

/** A LIKE pattern for a search text, with %, _ and \ taken literally (used with ESCAPE '\'). */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---------------------------------------------------------------------------------------------
// Fee receipt report (by course)

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

export interface ReceiptTotals {
  count: number;
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
  db: DbOrTx,
  params: { depId: number; courseId: number; text?: string; batchId?: number; limit: number },
): Promise<FeeReceiptReport> {
  const empty: FeeReceiptReport = { batches: [], totals: { count: 0, netPaise: 0 }, truncated: false };
  // The course decides the department, so the receipts need no department filter of their own.
  if (!(await courseOfDepartment(db, params))) return empty;
  const pattern = params.text ? likePattern(params.text) : null;
  const search = pattern
    ? sql`AND (r.student_name LIKE ${pattern} ESCAPE '\\' OR s.admission_no LIKE ${pattern} ESCAPE '\\' OR CAST(r.number AS TEXT) LIKE ${pattern} ESCAPE '\\')`
    : sql``;
  const oneBatch = params.batchId === undefined ? sql`` : sql`AND r.batch_id = ${params.batchId}`;
  // Without a text the totals are the running totals of the course's batches (course_batch_receipts).
  const groups = (await rows<{ batchId: number; batchName: string; count: number; netPaise: number; allCount: number; allNetPaise: number }>(db, 
    pattern
      ? sql`
    SELECT r.batch_id AS batchId, b.name AS batchName, COUNT(*) AS count, SUM(r.net_paise) AS netPaise,
      SUM(COUNT(*)) OVER () AS allCount, SUM(SUM(r.net_paise)) OVER () AS allNetPaise
    FROM receipts r
    JOIN batches b ON b.id = r.batch_id
    JOIN students s ON s.id = r.student_id
    WHERE r.course_id = ${params.courseId} AND r.status = 'live' ${oneBatch} ${search}
    GROUP BY r.batch_id, b.id
    ORDER BY b.start_date DESC, b.name, b.id`
      : sql`
    SELECT t.batch_id AS batchId, b.name AS batchName, t.receipt_count AS count, t.net_paise AS netPaise,
      SUM(t.receipt_count) OVER () AS allCount, SUM(t.net_paise) OVER () AS allNetPaise
    FROM course_batch_receipts t
    JOIN batches b ON b.id = t.batch_id
    WHERE t.course_id = ${params.courseId} AND t.receipt_count > 0 ${params.batchId === undefined ? sql`` : sql`AND t.batch_id = ${params.batchId}`}
    ORDER BY b.start_date DESC, b.name, b.id`,
  ));
  if (groups.length === 0) return empty;
  // One batch at a time in the groups' order (newest first), each a range of receipts_live_course_idx
  // in number order, until the page is full.
  const rowsOf = new Map<number, FeeReceiptRow[]>();
  let shown = 0;
  for (const g of groups) {
    if (shown >= params.limit) break;
    const own = (await rows<FeeReceiptRow>(db, sql`
    SELECT r.number AS number, r.date AS date, r.student_id AS studentId, s.admission_no AS admissionNo,
      r.student_name AS studentName, r.address AS address, r.batch_id AS batchId, ${g.batchName} AS batchName,
      r.net_paise AS netPaise
    FROM receipts r INDEXED BY receipts_live_course_idx
    JOIN students s ON s.id = r.student_id
    WHERE r.course_id = ${params.courseId} AND r.batch_id = ${g.batchId} AND r.status = 'live' ${search}
    ORDER BY r.number
    LIMIT ${params.limit - shown}`));
    rowsOf.set(g.batchId, own);
    shown += own.length;
  }
  const first = groups[0]!;
  return {
    batches: groups.map((g) => {
      const own = rowsOf.get(g.batchId) ?? [];
      return { batchId: g.batchId, batchName: g.batchName, totals: { count: g.count, netPaise: g.netPaise }, rows: own, truncated: own.length < g.count };
    }),
    totals: { count: first.allCount, netPaise: first.allNetPaise },
    truncated: shown < first.allCount,
  };
}

async function courseOfDepartment(db: DbOrTx, params: { depId: number; courseId: number }): Promise<boolean> {
  return (await row(db, sql`SELECT 1 AS ok FROM courses WHERE id = ${params.courseId} AND department_id = ${params.depId}`)) !== undefined;
}

// ---------------------------------------------------------------------------------------------
// One receipt's lines (the report's magnifier)

export interface ReceiptLinesReport {
  number: number;
  date: string;
  status: ReceiptStatus;
  studentName: string;
  totalPaise: number;
  taxPaise: number;
  netPaise: number;
  lines: Array<{ lineNo: number; feeHeadId: number; feeHead: string; particulars: string; amountPaise: number }>;
}

/** A receipt of the department with its lines in order, or null when the department has no such receipt. */
export async function receiptLinesReport(db: DbOrTx, params: { depId: number; number: number }): Promise<ReceiptLinesReport | null> {
  const receipt = (await row<Omit<ReceiptLinesReport, 'lines'> & { id: number }>(db, sql`
    SELECT id, number, date, status, student_name AS studentName, total_paise AS totalPaise,
      tax_paise AS taxPaise, net_paise AS netPaise
    FROM receipts WHERE number = ${params.number} AND department_id = ${params.depId}`));
  if (!receipt) return null;
  const lines = (await rows<ReceiptLinesReport['lines'][number]>(db, sql`
    SELECT rl.line_no AS lineNo, rl.fee_head_id AS feeHeadId, fh.name AS feeHead, rl.particulars AS particulars,
      rl.amount_paise AS amountPaise
    FROM receipt_lines rl JOIN fee_heads fh ON fh.id = rl.fee_head_id
    WHERE rl.receipt_id = ${receipt.id}
    ORDER BY rl.line_no, rl.id`));
  const { id: _id, ...rest } = receipt;
  return { ...rest, lines };
}

// ---------------------------------------------------------------------------------------------
// Dues and student fee information (per student of a course)

/**
 * The per-student reports come back from one statement as three kinds of rows: 'row' (a student,
 * up to the limit), 'batch' (a batch's totals over all its students) and 'total' (all of them).
 * Students are read through students_department_course_batch_idx; batches come newest first (start
 * date descending, then name), a sort of the materialized rows d that the name order needed as well.
 */
type Kind = 'row' | 'batch' | 'total';

/** Assembles the three kinds of rows into batches with totals; batches whose rows fell past the limit keep their totals. */
function assemble<Raw extends { kind: Kind; batchId: number | null; batchName: string | null }, Row, Totals extends { count: number }>(
  raw: Raw[],
  rowOf: (r: Raw) => Row,
  totalsOf: (r: Raw) => Totals,
  zero: Totals,
): { batches: Array<BatchGroup<Row, Totals> & { truncated: boolean }>; totals: Totals; truncated: boolean } {
  const batches = new Map<number, BatchGroup<Row, Totals> & { truncated: boolean }>();
  let totals = zero;
  for (const r of raw) {
    if (r.kind === 'batch') batches.set(r.batchId!, { batchId: r.batchId!, batchName: r.batchName!, totals: totalsOf(r), rows: [], truncated: false });
    else if (r.kind === 'total') totals = totalsOf(r);
  }
  let shown = 0;
  for (const r of raw) {
    if (r.kind !== 'row') continue;
    batches.get(r.batchId!)?.rows.push(rowOf(r));
    shown++;
  }
  for (const batch of batches.values()) batch.truncated = batch.rows.length < batch.totals.count;
  return { batches: [...batches.values()], totals, truncated: shown < totals.count };
}

export interface DuesTotals {
  count: number;
  feePaise: number;
  discountPaise: number;
  paidPaise: number;
  balancePaise: number;
}

export interface DuesRow {
  studentId: number;
  admissionNo: string;
  name: string;
  capId: string;
  batchId: number;
  batchName: string;
  feePaise: number;
  /** Discount plus adjustment. */
  discountPaise: number;
  paidPaise: number;
  balancePaise: number;
}

export interface DuesReport {
  batches: Array<BatchGroup<DuesRow, DuesTotals> & { truncated: boolean }>;
  totals: DuesTotals;
  /** True when some students counted in the totals are not among the rows. */
  truncated: boolean;
}

type DuesRaw = { kind: Kind } & Omit<DuesRow, 'batchId' | 'batchName'> & { batchId: number | null; batchName: string | null; count: number };

/**
 * The money of a course's students as common table expressions, each summed once per batch or per
 * student instead of once per student and head: sel (the students asked for), fee (a batch's fee
 * structure total), disc (a student's discount + adjustment on the heads of their batch) and opening
 * (a student's opening balances, and what they paid on opening heads outside the structure). A
 * student's paid on the structure's heads is one running total, student_paid. The reports read sel as the
 * outer loop (CROSS JOIN), each student probing discounts, batches and totals by key, rather than
 * building automatic indexes over the materialized students.
 */
function courseStudentMoney(params: { depId: number; courseId: number; batchId?: number; text?: string }) {
  const pattern = params.text ? likePattern(params.text) : null;
  return sql`sel AS MATERIALIZED (
      SELECT s.id, s.admission_no, s.name, s.cap_id, s.batch_id
      FROM students s
      WHERE s.department_id = ${params.depId} AND s.course_id = ${params.courseId}
        ${params.batchId === undefined ? sql`` : sql`AND s.batch_id = ${params.batchId}`}
        ${pattern ? sql`AND (s.name LIKE ${pattern} ESCAPE '\\' OR s.admission_no LIKE ${pattern} ESCAPE '\\' OR s.cap_id LIKE ${pattern} ESCAPE '\\')` : sql``}
    ),
    fee AS MATERIALIZED (
      SELECT fs.batch_id, SUM(fs.amount_paise) AS feePaise
      FROM fee_structures fs
      WHERE fs.batch_id IN (SELECT batch_id FROM sel)
      GROUP BY fs.batch_id
    ),
    disc AS MATERIALIZED (
      SELECT sel.id AS student_id, SUM(dc.discount_paise + dc.adjustment_paise) AS discountPaise
      FROM sel
      CROSS JOIN discounts dc ON dc.student_id = sel.id
      JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.fee_head_id = dc.fee_head_id
      GROUP BY sel.id
    ),
    opening AS MATERIALIZED (
      SELECT sel.id AS student_id, SUM(ob.amount_paise) AS openingPaise,
        SUM(CASE WHEN fs.id IS NULL THEN COALESCE(p.paid_paise, 0) ELSE 0 END) AS paidOutsidePaise
      FROM sel
      CROSS JOIN opening_balances ob ON ob.student_id = sel.id
      LEFT JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.fee_head_id = ob.fee_head_id
      LEFT JOIN student_head_paid p ON p.student_id = sel.id AND p.fee_head_id = ob.fee_head_id
      GROUP BY sel.id
    )`;
}

/** A student's balance in the dues report: fee and opening balance, less discounts and paid (structure heads and opening heads outside it). */
const DUES_BALANCE = sql.raw(
  'COALESCE(fee.feePaise, 0) + COALESCE(opening.openingPaise, 0) - COALESCE(disc.discountPaise, 0) - COALESCE(paid.paid_paise, 0) - COALESCE(opening.paidOutsidePaise, 0)',
);

/**
 * Every student of a course (or of one of its batches) with fee, discount, paid and balance; only
 * balances other than zero unless includeSettled. Rows stop at `limit`; totals count everyone shown.
 */
export async function duesReport(
  db: DbOrTx,
  params: { depId: number; courseId: number; batchId?: number; includeSettled?: boolean; limit: number },
): Promise<DuesReport> {
  const raw = (await rows<DuesRaw>(db, sql`
    WITH ${courseStudentMoney(params)},
    d AS MATERIALIZED (
      SELECT sel.id AS studentId, sel.admission_no AS admissionNo, sel.name AS name, sel.cap_id AS capId,
        b.id AS batchId, b.name AS batchName, b.start_date AS batchStart,
        COALESCE(fee.feePaise, 0) + COALESCE(opening.openingPaise, 0) AS feePaise,
        COALESCE(disc.discountPaise, 0) AS discountPaise,
        COALESCE(paid.paid_paise, 0) + COALESCE(opening.paidOutsidePaise, 0) AS paidPaise,
        ${DUES_BALANCE} AS balancePaise
      FROM sel
      CROSS JOIN batches b ON b.id = sel.batch_id
      LEFT JOIN fee ON fee.batch_id = sel.batch_id
      LEFT JOIN disc ON disc.student_id = sel.id
      LEFT JOIN student_paid paid ON paid.student_id = sel.id
      LEFT JOIN opening ON opening.student_id = sel.id
      WHERE ${params.includeSettled ? sql.raw('TRUE') : sql.raw('FALSE')} OR ${DUES_BALANCE} <> 0
    )
    SELECT * FROM (
      SELECT 'row' AS kind, studentId, admissionNo, name, capId, batchId, batchName, batchStart, feePaise, discountPaise, paidPaise, balancePaise, 1 AS count
      FROM d ORDER BY batchStart DESC, batchName, batchId, admissionNo LIMIT ${params.limit}
    ) AS page
    UNION ALL
    SELECT 'batch', NULL, NULL, NULL, NULL, batchId, batchName, batchStart, SUM(feePaise), SUM(discountPaise), SUM(paidPaise), SUM(balancePaise), COUNT(*)
    FROM d GROUP BY batchId, batchName, batchStart
    UNION ALL
    SELECT 'total', NULL, NULL, NULL, NULL, NULL, NULL, NULL, COALESCE(SUM(feePaise), 0), COALESCE(SUM(discountPaise), 0),
      COALESCE(SUM(paidPaise), 0), COALESCE(SUM(balancePaise), 0), COUNT(*)
    FROM d
    ORDER BY batchStart DESC, batchName, batchId, admissionNo`));
  const totalsOf = (r: DuesRaw): DuesTotals => ({
    count: r.count,
    feePaise: r.feePaise,
    discountPaise: r.discountPaise,
    paidPaise: r.paidPaise,
    balancePaise: r.balancePaise,
  });
  const rowOf = (r: DuesRaw): DuesRow => ({
    studentId: r.studentId,
    admissionNo: r.admissionNo,
    name: r.name,
    capId: r.capId,
    batchId: r.batchId!,
    batchName: r.batchName!,
    feePaise: r.feePaise,
    discountPaise: r.discountPaise,
    paidPaise: r.paidPaise,
    balancePaise: r.balancePaise,
  });
  return assemble(raw, rowOf, totalsOf, { count: 0, feePaise: 0, discountPaise: 0, paidPaise: 0, balancePaise: 0 });
}

export interface FeeInfoTotals {
  count: number;
  feePaise: number;
  discountPaise: number;
  finalFeePaise: number;
}

export interface FeeInfoRow {
  studentId: number;
  admissionNo: string;
  name: string;
  capId: string;
  batchId: number;
  batchName: string;
  feePaise: number;
  /** Discount plus adjustment. */
  discountPaise: number;
  /** Fee less discount and adjustment. */
  finalFeePaise: number;
}

export interface FeeInfoReport {
  batches: Array<BatchGroup<FeeInfoRow, FeeInfoTotals> & { truncated: boolean }>;
  totals: FeeInfoTotals;
  truncated: boolean;
}

type FeeInfoRaw = { kind: Kind } & Omit<FeeInfoRow, 'batchId' | 'batchName'> & { batchId: number | null; batchName: string | null; count: number };

/**
 * Every student of a course (or of one batch; optionally matching a text in name, admission number
 * or capId) with fee, discount and final fee. Rows stop at `limit`; totals count every match.
 */
export async function studentFeeInfoReport(
  db: DbOrTx,
  params: { depId: number; courseId: number; text?: string; batchId?: number; limit: number },
): Promise<FeeInfoReport> {
  const raw = (await rows<FeeInfoRaw>(db, sql`
    WITH ${courseStudentMoney(params)},
    d AS MATERIALIZED (
      SELECT sel.id AS studentId, sel.admission_no AS admissionNo, sel.name AS name, sel.cap_id AS capId,
        b.id AS batchId, b.name AS batchName, b.start_date AS batchStart,
        COALESCE(fee.feePaise, 0) + COALESCE(opening.openingPaise, 0) AS feePaise,
        COALESCE(disc.discountPaise, 0) AS discountPaise,
        COALESCE(fee.feePaise, 0) + COALESCE(opening.openingPaise, 0) - COALESCE(disc.discountPaise, 0) AS finalFeePaise
      FROM sel
      CROSS JOIN batches b ON b.id = sel.batch_id
      LEFT JOIN fee ON fee.batch_id = sel.batch_id
      LEFT JOIN disc ON disc.student_id = sel.id
      LEFT JOIN opening ON opening.student_id = sel.id
    )
    SELECT * FROM (
      SELECT 'row' AS kind, studentId, admissionNo, name, capId, batchId, batchName, batchStart, feePaise, discountPaise, finalFeePaise, 1 AS count
      FROM d ORDER BY batchStart DESC, batchName, batchId, admissionNo LIMIT ${params.limit}
    ) AS page
    UNION ALL
    SELECT 'batch', NULL, NULL, NULL, NULL, batchId, batchName, batchStart, SUM(feePaise), SUM(discountPaise), SUM(finalFeePaise), COUNT(*)
    FROM d GROUP BY batchId, batchName, batchStart
    UNION ALL
    SELECT 'total', NULL, NULL, NULL, NULL, NULL, NULL, NULL, COALESCE(SUM(feePaise), 0), COALESCE(SUM(discountPaise), 0),
      COALESCE(SUM(finalFeePaise), 0), COUNT(*)
    FROM d
    ORDER BY batchStart DESC, batchName, batchId, admissionNo`));
  const totalsOf = (r: FeeInfoRaw): FeeInfoTotals => ({ count: r.count, feePaise: r.feePaise, discountPaise: r.discountPaise, finalFeePaise: r.finalFeePaise });
  const rowOf = (r: FeeInfoRaw): FeeInfoRow => ({
    studentId: r.studentId,
    admissionNo: r.admissionNo,
    name: r.name,
    capId: r.capId,
    batchId: r.batchId!,
    batchName: r.batchName!,
    feePaise: r.feePaise,
    discountPaise: r.discountPaise,
    finalFeePaise: r.finalFeePaise,
  });
  return assemble(raw, rowOf, totalsOf, { count: 0, feePaise: 0, discountPaise: 0, finalFeePaise: 0 });
}

// ---------------------------------------------------------------------------------------------
// Receipts between dates

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
}

export interface ReceiptsBetweenDatesReport {
  rows: DatedReceiptRow[];
  /** Every matching receipt, whether or not it is among the rows. */
  totals: ReceiptTotals;
  truncated: boolean;
}

/**
 * Live receipts of a department dated from..to (both days included), by date then number, up to
 * `limit` rows; the totals count them all. Reads receipts_department_date_idx.
 */
export async function receiptsBetweenDatesReport(
  db: DbOrTx,
  params: { depId: number; from: string; to: string; limit: number },
): Promise<ReceiptsBetweenDatesReport> {
  const inRange = sql`r.department_id = ${params.depId} AND r.date BETWEEN ${params.from} AND ${params.to} AND r.status = 'live'`;
  const totals = (await row<ReceiptTotals>(db, sql`
    SELECT COUNT(*) AS count, COALESCE(SUM(r.net_paise), 0) AS netPaise FROM receipts r WHERE ${inRange}`))!;
  const found = (await rows<DatedReceiptRow>(db, sql`
    SELECT r.number AS number, r.date AS date, r.student_id AS studentId, r.student_name AS studentName,
      s.admission_no AS admissionNo, r.batch_id AS batchId, b.name AS batchName, r.course_id AS courseId,
      c.name AS courseName, r.net_paise AS netPaise
    FROM receipts r
    JOIN students s ON s.id = r.student_id
    JOIN batches b ON b.id = r.batch_id
    JOIN courses c ON c.id = r.course_id
    WHERE ${inRange}
    ORDER BY r.date, r.number
    LIMIT ${params.limit}`));
  return { rows: found, totals, truncated: found.length < totals.count };
}

// ---------------------------------------------------------------------------------------------
// Collections by fee head and payment mode

export interface CollectionsTotals {
  /** Pre-tax amounts of the receipt lines per fee head. */
  byHead: Array<{ feeHeadId: number; feeHead: string; amountPaise: number }>;
  /** Receipts per payment mode with their net amounts (lines plus GST). */
  byMode: Array<{ mode: PaymentMode; count: number; netPaise: number }>;
  /** Sum of byHead: the receipts' pre-tax total. */
  headsPaise: number;
  /** GST collected (receipts.tax_paise), shown as its own 'GST' row under the heads. */
  taxPaise: number;
  /** headsPaise + taxPaise: what was collected. */
  netPaise: number;
  count: number;
  /** Of netPaise, receipts "Adjusted from advance": dues settled from an advance, no new money. */
  adjustedPaise: number;
  /** netPaise - adjustedPaise: the money received. */
  receivedPaise: number;
  /** Live refund vouchers dated in the period: money out. */
  refundCount: number;
  refundedPaise: number;
  /** receivedPaise - refundedPaise: the money kept. */
  keptPaise: number;
}

export interface CollectionsReport {
  from: string;
  to: string;
  departments: Array<{ depId: number; depName: string } & CollectionsTotals>;
  /** All departments of the report together. */
  overall: CollectionsTotals;
}

/**
 * Live receipts dated from..to of one department or of all, totalled per fee head and per payment
 * mode, per department and overall, read from the running totals (daily_head_collections and
 * daily_mode_collections, one primary-key range per department: CROSS JOIN keeps departments the
 * outer loop). Receipt lines are never zero,
 * so a head whose sum is 0 had no live line in the range. Departments without receipts are listed
 * with zeros. Receipts "Adjusted from advance" are collections without new money (adjustedPaise),
 * and live refunds of the period are money out.
 */
export async function collectionsReport(db: DbOrTx, params: { depId?: number; from: string; to: string }): Promise<CollectionsReport> {
  const ofDepartments = params.depId === undefined ? sql`` : sql`WHERE d.id = ${params.depId}`;
  const heads = (await rows<{ depId: number | null; feeHeadId: number; feeHead: string; amountPaise: number }>(db, sql`
    WITH h AS MATERIALIZED (
      SELECT t.department_id AS depId, t.fee_head_id AS feeHeadId, SUM(t.amount_paise) AS amountPaise
      FROM departments d
      CROSS JOIN daily_head_collections t ON t.department_id = d.id AND t.date BETWEEN ${params.from} AND ${params.to}
      ${ofDepartments}
      GROUP BY t.department_id, t.fee_head_id
      HAVING SUM(t.amount_paise) <> 0
    )
    SELECT h.depId AS depId, h.feeHeadId AS feeHeadId, fh.name AS feeHead, h.amountPaise AS amountPaise
    FROM h JOIN fee_heads fh ON fh.id = h.feeHeadId
    UNION ALL
    SELECT NULL, h.feeHeadId, fh.name, SUM(h.amountPaise)
    FROM h JOIN fee_heads fh ON fh.id = h.feeHeadId
    GROUP BY h.feeHeadId, fh.name
    ORDER BY 1, 3`));
  // kind: 'mode' rows are per (department, mode); 'all' rows per department (or overall when depId is null).
  const modes = (await rows<{
    kind: 'mode' | 'all';
    depId: number | null;
    mode: PaymentMode | null;
    count: number;
    headsPaise: number;
    taxPaise: number;
    netPaise: number;
  }>(db, sql`
    WITH m AS MATERIALIZED (
      SELECT t.department_id AS depId, t.payment_mode AS mode, SUM(t.receipt_count) AS count, SUM(t.total_paise) AS headsPaise,
        SUM(t.tax_paise) AS taxPaise, SUM(t.net_paise) AS netPaise
      FROM departments d
      CROSS JOIN daily_mode_collections t ON t.department_id = d.id AND t.date BETWEEN ${params.from} AND ${params.to}
      ${ofDepartments}
      GROUP BY t.department_id, t.payment_mode
      HAVING SUM(t.receipt_count) > 0
    )
    SELECT 'mode' AS kind, depId, mode, count, headsPaise, taxPaise, netPaise FROM m
    UNION ALL SELECT 'mode', NULL, mode, SUM(count), SUM(headsPaise), SUM(taxPaise), SUM(netPaise) FROM m GROUP BY mode
    UNION ALL SELECT 'all', depId, NULL, SUM(count), SUM(headsPaise), SUM(taxPaise), SUM(netPaise) FROM m GROUP BY depId
    UNION ALL SELECT 'all', NULL, NULL, COALESCE(SUM(count), 0), COALESCE(SUM(headsPaise), 0), COALESCE(SUM(taxPaise), 0),
      COALESCE(SUM(netPaise), 0) FROM m
    ORDER BY 2, 3`));
  const departments = (await rows<{ depId: number; depName: string }>(db, sql`
    SELECT id AS depId, name AS depName FROM departments
    WHERE ${params.depId === undefined ? sql`TRUE` : sql`id = ${params.depId}`} ORDER BY id`));
  const paidOut = (await rows<{ depId: number; count: number; amountPaise: number }>(db, sql`
    SELECT department_id AS "depId", COUNT(*) AS count, SUM(amount_paise) AS "amountPaise"
    FROM refunds
    WHERE status = 'live' AND date BETWEEN ${params.from} AND ${params.to}
      ${params.depId === undefined ? sql`` : sql`AND department_id = ${params.depId}`}
    GROUP BY department_id`));

  const totalsOf = (depId: number | null): CollectionsTotals => {
    const all = modes.find((m) => m.kind === 'all' && m.depId === depId);
    const netPaise = all?.netPaise ?? 0;
    const adjustedPaise = modes.find((m) => m.kind === 'mode' && m.depId === depId && m.mode === 'advance')?.netPaise ?? 0;
    const refunds = paidOut.filter((f) => depId === null || f.depId === depId);
    const refundedPaise = refunds.reduce((sum, f) => sum + f.amountPaise, 0);
    return {
      byHead: heads.filter((h) => h.depId === depId).map(({ feeHeadId, feeHead, amountPaise }) => ({ feeHeadId, feeHead, amountPaise })),
      byMode: modes
        .filter((m) => m.kind === 'mode' && m.depId === depId)
        .map((m) => ({ mode: m.mode as PaymentMode, count: m.count, netPaise: m.netPaise })),
      headsPaise: all?.headsPaise ?? 0,
      taxPaise: all?.taxPaise ?? 0,
      netPaise,
      count: all?.count ?? 0,
      adjustedPaise,
      receivedPaise: netPaise - adjustedPaise,
      refundCount: refunds.reduce((sum, f) => sum + f.count, 0),
      refundedPaise,
      keptPaise: netPaise - adjustedPaise - refundedPaise,
    };
  };
  return {
    from: params.from,
    to: params.to,
    departments: departments.map((d) => ({ ...d, ...totalsOf(d.depId) })),
    overall: totalsOf(null),
  };
}

// ---------------------------------------------------------------------------------------------
// A student's statement

export interface StatementPayment {
  receiptNumber: number;
  lineNo: number;
  date: string;
  particulars: string;
  paymentMode: PaymentMode;
  amountPaise: number;
}

export interface StatementHead {
  feeHeadId: number;
  feeHead: string;
  /** The structure amount plus any opening balance on the head. */
  feePaise: number;
  /** The opening balance brought forward on this head (negative: an opening advance; 0 when none). */
  openingPaise: number;
  discountPaise: number;
  adjustmentPaise: number;
  paidPaise: number;
  /** fee - discount - adjustment - paid. */
  balancePaise: number;
  payments: StatementPayment[];
}

export interface StatementTotals {
  feePaise: number;
  discountPaise: number;
  adjustmentPaise: number;
  paidPaise: number;
  balancePaise: number;
}

export interface StudentStatement {
  student: {
    id: number;
    departmentId: number;
    admissionNo: string;
    name: string;
    capId: string;
    address: string;
    phone: string | null;
    email: string | null;
    courseId: number;
    courseName: string;
    batchId: number;
    batchName: string;
  };
  heads: StatementHead[];
  totals: StatementTotals;
}

/** One student's statement, or null when the department has no such student. */
export async function studentStatement(db: DbOrTx, params: { depId: number; studentId: number }): Promise<StudentStatement | null> {
  const student = (await row<StudentStatement['student']>(db, sql`
    SELECT s.id AS id, s.department_id AS departmentId, s.admission_no AS admissionNo, s.name AS name, s.cap_id AS capId,
      s.address AS address, s.phone AS phone, s.email AS email, s.course_id AS courseId, c.name AS courseName,
      s.batch_id AS batchId, b.name AS batchName
    FROM students s JOIN courses c ON c.id = s.course_id JOIN batches b ON b.id = s.batch_id
    WHERE s.id = ${params.studentId} AND s.department_id = ${params.depId}`));
  if (!student) return null;
  const heads = (await rows<Omit<StatementHead, 'payments'> & Record<`t${keyof StatementTotals}`, number>>(db, sql`
    SELECT h.*, h.feePaise - h.discountPaise - h.adjustmentPaise - h.paidPaise AS balancePaise,
      SUM(h.feePaise) OVER () AS tfeePaise, SUM(h.discountPaise) OVER () AS tdiscountPaise,
      SUM(h.adjustmentPaise) OVER () AS tadjustmentPaise, SUM(h.paidPaise) OVER () AS tpaidPaise,
      SUM(h.feePaise - h.discountPaise - h.adjustmentPaise - h.paidPaise) OVER () AS tbalancePaise
    FROM (
      SELECT 0 AS part, fs.id AS sortId, fs.fee_head_id AS feeHeadId, fh.name AS feeHead,
        fs.amount_paise + COALESCE(ob.amount_paise, 0) AS feePaise, COALESCE(ob.amount_paise, 0) AS openingPaise,
        COALESCE(dc.discount_paise, 0) AS discountPaise, COALESCE(dc.adjustment_paise, 0) AS adjustmentPaise,
        COALESCE(${PAID_ON_HEAD}, 0) AS paidPaise
      FROM students s
      JOIN fee_structures fs ON fs.batch_id = s.batch_id
      JOIN fee_heads fh ON fh.id = fs.fee_head_id
      LEFT JOIN opening_balances ob ON ob.student_id = s.id AND ob.fee_head_id = fs.fee_head_id
      LEFT JOIN discounts dc ON dc.student_id = s.id AND dc.fee_head_id = fs.fee_head_id
      WHERE s.id = ${student.id}
      UNION ALL
      SELECT 1, ob.id, ob.fee_head_id, fh.name, ob.amount_paise, ob.amount_paise,
        COALESCE(dc.discount_paise, 0), COALESCE(dc.adjustment_paise, 0),
        COALESCE((SELECT p.paid_paise FROM student_head_paid p WHERE p.student_id = s.id AND p.fee_head_id = ob.fee_head_id), 0)
      FROM students s
      JOIN opening_balances ob ON ob.student_id = s.id
      JOIN fee_heads fh ON fh.id = ob.fee_head_id
      LEFT JOIN discounts dc ON dc.student_id = s.id AND dc.fee_head_id = ob.fee_head_id
      WHERE s.id = ${student.id}
        AND NOT EXISTS (SELECT 1 FROM fee_structures fs WHERE fs.batch_id = s.batch_id AND fs.fee_head_id = ob.fee_head_id)
    ) h
    ORDER BY h.part, h.sortId`));
  const payments = (await rows<StatementPayment & { feeHeadId: number }>(db, sql`
    SELECT rl.fee_head_id AS feeHeadId, r.number AS receiptNumber, rl.line_no AS lineNo, r.date AS date, rl.particulars AS particulars,
      r.payment_mode AS paymentMode, rl.amount_paise AS amountPaise
    FROM receipt_lines rl
    JOIN receipts r ON r.id = rl.receipt_id
    WHERE rl.student_id = ${student.id} AND r.status = 'live'
      AND (rl.fee_head_id IN (SELECT fee_head_id FROM fee_structures WHERE batch_id = ${student.batchId})
        OR rl.fee_head_id IN (SELECT fee_head_id FROM opening_balances WHERE student_id = ${student.id}))
    ORDER BY r.date, r.number, rl.line_no`));
  const first = heads[0];
  return {
    student,
    heads: heads.map((h) => ({
      feeHeadId: h.feeHeadId,
      feeHead: h.feeHead,
      feePaise: h.feePaise,
      openingPaise: h.openingPaise,
      discountPaise: h.discountPaise,
      adjustmentPaise: h.adjustmentPaise,
      paidPaise: h.paidPaise,
      balancePaise: h.balancePaise,
      payments: payments.filter((p) => p.feeHeadId === h.feeHeadId).map(({ feeHeadId: _f, ...p }) => p),
    })),
    totals: {
      feePaise: first?.tfeePaise ?? 0,
      discountPaise: first?.tdiscountPaise ?? 0,
      adjustmentPaise: first?.tadjustmentPaise ?? 0,
      paidPaise: first?.tpaidPaise ?? 0,
      balancePaise: first?.tbalancePaise ?? 0,
    },
  };
}
