/** What several reports share: batch groups and the per-student money of a course. */
import { type SQL, sql } from 'drizzle-orm';
import type { Reader } from '../../client';
import { engineSql, rows } from '../../engines';
import { containsText } from '../like';
import { advanceSql, sponsoredOfStudentsSql } from '../balance-sql';
import { notOwedOfStudentsSql, optionalFeesSql } from '../optional-fee-sql';
import { SETTLED_STUDENTS, takenBackOfStudentsSql } from '../refunds';
import { valueList } from '../value-list';

export interface BatchGroup<Row, Totals> {
  batchId: number;
  batchName: string;
  totals: Totals;
  rows: Row[];
}

export interface ReceiptTotals {
  count: number;
  netPaise: number;
}

/**
 * Batches newest first (start date descending, then name), as every per-student report lists them (readCourseReport's
 * batch sums order by the same, by their output names).
 */
const BATCH_ORDER = 'b.start_date DESC, b.name, b.id';

/**
 * A student's money in the per-student reports, over the tables courseStudentsFrom joins: student_money (m),
 * their batch's compulsory fee structure total (fee), what their opt-ins to optional heads make owed (opt), what a
 * student who left does not owe of it (lft), what sponsors stand for (spo) and what left the credit, taken back from
 * what was paid (tb, @fees/money take-back.ts). The terms of balanceSql, written once for every report over them; the
 * advance by advanceSql.
 */
export const STUDENT_MONEY = {
  fee:
    'COALESCE(fee."feePaise", 0) + COALESCE(opt."feePaise", 0) - COALESCE(lft."notOwedPaise", 0)' +
    ' + m.charges_paise',
  discount: 'm.discount_paise',
  adjustment: 'm.adjustment_paise',
  paid: 'm.paid_paise + m.paid_outside_paise - COALESCE(tb."takenBackPaise", 0)',
  sponsored: 'COALESCE(spo."sponsoredPaise", 0)',
} as const;

/**
 * The joins giving STUDENT_MONEY's `lft`, `spo` and `tb` (what left the credit, taken back from the fee's heads) for
 * the students of a department (of every one when null).
 */
export function leftAndSponsoredJoins(db: Reader, depId: number | null): SQL {
  const students = depId === null ? sql`TRUE` : sql`os.department_id = ${depId}`;
  return sql`LEFT JOIN (${notOwedOfStudentsSql(students)}) lft ON lft.student_id = m.student_id
    LEFT JOIN (${sponsoredOfStudentsSql(students)}) spo ON spo.student_id = m.student_id
    LEFT JOIN (${takenBackOfStudentsSql(db, SETTLED_STUDENTS, students)}) tb ON tb.student_id = m.student_id`;
}

export const STUDENT_ADVANCE = advanceSql({
  credit: 'm.credit_paise',
  applied: 'm.applied_paise',
  refunded: 'm.refunded_paise',
});

/**
 * The students of a course (or of one of its batches; of every course of the department when no course
 * is given; optionally those matching a text in name, admission number or capId) as FROM and WHERE: each
 * student's student_money row (m, read through its department, course and batch index, so a 20,000-student
 * course is 20,000 rows of one table) with their batch's fee structure total (fee: a BIGINT, since PostgreSQL's
 * SUM gives a numeric, and numeric arithmetic on every student's figures doubled a course's time); with
 * `withStudent`, the student (s) and batch (b) for the rows shown. A text search always reads the student.
 */
function courseStudentsFrom(
  db: Reader,
  params: { depId: number; courseId?: number; batchId?: number; text?: string },
  options: { withStudent?: boolean } = {},
): SQL {
  const join = engineSql(db).joinInOrder;
  return sql`FROM student_money m
    ${options.withStudent || params.text ? sql`${join} students s ON s.id = m.student_id` : sql``}
    ${options.withStudent ? sql`${join} batches b ON b.id = m.batch_id` : sql``}
    LEFT JOIN (
      SELECT fs.batch_id, CAST(SUM(fs.amount_paise) AS BIGINT) AS "feePaise"
      FROM fee_structures fs JOIN batches fb ON fb.id = fs.batch_id
      WHERE ${
        params.courseId === undefined ? sql`fb.department_id = ${params.depId}` : sql`fb.course_id = ${params.courseId}`
      }
        AND fs.optional = 0
      GROUP BY fs.batch_id
    ) fee ON fee.batch_id = m.batch_id
    LEFT JOIN (${optionalFeesSql(sql`os.department_id = ${params.depId}`)}) opt ON opt.student_id = m.student_id
    ${leftAndSponsoredJoins(db, params.depId)}
    WHERE m.department_id = ${params.depId}
      ${params.courseId === undefined ? sql`` : sql`AND m.course_id = ${params.courseId}`}
      ${params.batchId === undefined ? sql`` : sql`AND m.batch_id = ${params.batchId}`}
      ${params.text ? sql`AND ${containsText(db, ['s.name', 's.admission_no', 's.cap_id'], params.text)}` : sql``}`;
}

/** What a per-student course report reads, all SQL text over courseStudentsFrom's tables. */
export interface CourseReportSpec {
  /** Per-student figures, each also summed per batch and over all, over the students shown. */
  figures: Record<string, string>;
  /** Which students the report shows (a condition). */
  shown: string;
  /**
   * Per-student figures on the rows too, but summed per batch and over all over every student of a listed batch, those
   * not shown too.
   */
  batchSums?: Record<string, string>;
  /** The student's phone on the rows too. */
  withPhone?: boolean;
}

type Sums = Record<string, number> & { count: number };
export interface CourseReportRead<Row> {
  /** The batches with at least one student shown, in report order, with their sums. */
  batches: Array<{ batchId: number; batchName: string; sums: Sums }>;
  total: Sums;
  /** The first `limit` students shown, in batch order and then admission number. */
  rows: Row[];
}

const quoted = (name: string) => sql.raw(`"${name}"`);

/**
 * Reads a per-student course report in two statements: every batch's sums over its students (a row
 * each of student_money; 20,000 students take a few milliseconds) with their total,
 * then the page's rows, read from the first batches alone instead of sorting the whole course.
 */
export async function readCourseReport<Row>(
  db: Reader,
  params: { depId: number; courseId?: number; batchId?: number; text?: string; limit: number },
  spec: CourseReportSpec,
): Promise<CourseReportRead<Row>> {
  const from = courseStudentsFrom(db, params);
  const shown = sql.raw(spec.shown);
  const names = [...Object.keys(spec.figures), ...Object.keys(spec.batchSums ?? {})];
  const perStudent = Object.entries({ ...spec.figures, ...spec.batchSums }).map(
    ([name, value]) => sql`, ${sql.raw(value)} AS ${quoted(name)}`,
  );
  const sums = [
    ...Object.keys(spec.figures).map((name) => sql`, SUM(${quoted(name)}) FILTER (WHERE shown) AS ${quoted(name)}`),
    ...Object.keys(spec.batchSums ?? {}).map((name) => sql`, SUM(${quoted(name)}) AS ${quoted(name)}`),
  ];
  const read = await rows<Sums & { total: number; batchId: number | null; batchName: string | null }>(
    db,
    sql`
    WITH st AS ${engineSql(db).computedOnce} (
      SELECT m.batch_id, ${shown} AS shown ${sql.join(perStudent)}
      ${from}
    ),
    t AS MATERIALIZED (
      SELECT batch_id, COUNT(*) FILTER (WHERE shown) AS count ${sql.join(sums)}
      FROM st
      GROUP BY batch_id
    )
    SELECT 0 AS total, b.id AS "batchId", b.name AS "batchName", b.start_date AS "batchStart",
      t.count ${sql.join(names.map((name) => sql`, t.${quoted(name)}`))}
    FROM t JOIN batches b ON b.id = t.batch_id
    WHERE t.count > 0
    UNION ALL
    SELECT 1, NULL, NULL, NULL, COALESCE(SUM(count), 0)
      ${sql.join(names.map((name) => sql`, COALESCE(SUM(${quoted(name)}), 0)`))}
    FROM t WHERE count > 0
    ORDER BY total, "batchStart" DESC, "batchName", "batchId"`,
  );
  const sumsOf = ({
    total: _total,
    batchId: _batchId,
    batchName: _batchName,
    batchStart: _batchStart,
    ...rest
  }: Record<string, unknown>) => rest as Sums;
  const batches = read
    .filter((r) => !r.total)
    .map((r) => ({ batchId: r.batchId!, batchName: r.batchName!, sums: sumsOf(r) }));
  const page = batchesOfPage(batches, params.limit);
  const pageRows =
    page.length === 0
      ? []
      : await rows<Row>(
          db,
          sql`
          SELECT s.id AS "studentId", s.admission_no AS "admissionNo", s.name AS name, s.cap_id AS "capId",
            b.id AS "batchId", b.name AS "batchName" ${spec.withPhone ? sql`, s.phone AS phone` : sql``}
            ${sql.join(perStudent)}
          ${courseStudentsFrom(db, params, { withStudent: true })} AND m.batch_id IN (${valueList(page)}) AND ${shown}
          ORDER BY ${sql.raw(BATCH_ORDER)}, s.admission_no
          LIMIT ${params.limit}`,
        );
  return { batches, total: sumsOf(read.find((r) => r.total)!), rows: pageRows };
}

/**
 * The batches whose students fill the first `limit` rows (batches in report order with how many
 * students each shows): the page's statement reads only their students.
 */
function batchesOfPage(batches: ReadonlyArray<{ batchId: number; sums: { count: number } }>, limit: number): number[] {
  const ids: number[] = [];
  let shown = 0;
  for (const batch of batches) {
    if (shown >= limit) break;
    ids.push(batch.batchId);
    shown += batch.sums.count;
  }
  return ids;
}

/**
 * Puts a report together: the batches with their totals (over every student they show), the total
 * over them, and the page of rows. A batch whose rows fell past the limit keeps its totals and says it
 * is truncated.
 */
export function assemble<Row extends { batchId: number }, Totals extends { count: number }>(
  batchTotals: ReadonlyArray<{ batchId: number; batchName: string; totals: Totals }>,
  totals: Totals,
  rows: readonly Row[],
): { batches: Array<BatchGroup<Row, Totals> & { truncated: boolean }>; totals: Totals; truncated: boolean } {
  const batches = batchTotals.map((b) => ({ ...b, rows: [] as Row[], truncated: false }));
  const byId = new Map(batches.map((b) => [b.batchId, b]));
  for (const r of rows) byId.get(r.batchId)?.rows.push(r);
  for (const batch of batches) batch.truncated = batch.rows.length < batch.totals.count;
  return { batches, totals, truncated: rows.length < totals.count };
}
