import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { engineSql } from '../../engine/engine-sql';
import { rows } from '../../engine/runner';
import { balanceSql } from '../balance-sql';
import { assemble, type BatchGroup, courseStudentMoney, type Kind, STUDENT_MONEY } from './shared';

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

/** A student's balance in the dues report: fee and opening balance, less discounts and paid (structure heads and opening heads outside it). */
const DUES_BALANCE = sql.raw(balanceSql(STUDENT_MONEY));
const { fee, discount, adjustment, paid } = STUDENT_MONEY;

/**
 * Every student of a course (or of one of its batches) with fee, discount, paid and balance; only
 * balances other than zero unless includeSettled. Rows stop at `limit`; totals count everyone shown.
 */
export async function duesReport(
  db: DbOrTx,
  params: { depId: number; courseId: number; batchId?: number; includeSettled?: boolean; limit: number },
): Promise<DuesReport> {
  const engine = engineSql(db);
  const raw = (await rows<DuesRaw>(db, sql`
    WITH ${courseStudentMoney(db, params)},
    d AS MATERIALIZED (
      SELECT sel.id AS "studentId", sel.admission_no AS "admissionNo", sel.name AS name, sel.cap_id AS "capId",
        b.id AS "batchId", b.name AS "batchName", b.start_date AS "batchStart",
        ${sql.raw(fee)} AS "feePaise",
        ${sql.raw(discount)} + ${sql.raw(adjustment)} AS "discountPaise",
        ${sql.raw(paid)} AS "paidPaise",
        ${DUES_BALANCE} AS "balancePaise"
      FROM sel
      ${engine.joinInOrder} batches b ON b.id = sel.batch_id
      LEFT JOIN fee ON fee.batch_id = sel.batch_id
      LEFT JOIN disc ON disc.student_id = sel.id
      LEFT JOIN student_paid paid ON paid.student_id = sel.id
      LEFT JOIN opening ON opening.student_id = sel.id
      WHERE ${params.includeSettled ? sql.raw('TRUE') : sql.raw('FALSE')} OR ${DUES_BALANCE} <> 0
    )
    SELECT * FROM (
      SELECT 'row' AS kind, "studentId", "admissionNo", name, "capId", "batchId", "batchName", "batchStart", "feePaise", "discountPaise", "paidPaise", "balancePaise", 1 AS count
      FROM d ORDER BY "batchStart" DESC, "batchName", "batchId", "admissionNo" LIMIT ${params.limit}
    ) AS page
    UNION ALL
    SELECT 'batch', NULL, NULL, NULL, NULL, "batchId", "batchName", "batchStart", SUM("feePaise"), SUM("discountPaise"), SUM("paidPaise"), SUM("balancePaise"), COUNT(*)
    FROM d GROUP BY "batchId", "batchName", "batchStart"
    UNION ALL
    SELECT 'total', NULL, NULL, NULL, NULL, NULL, NULL, NULL, COALESCE(SUM("feePaise"), 0), COALESCE(SUM("discountPaise"), 0),
      COALESCE(SUM("paidPaise"), 0), COALESCE(SUM("balancePaise"), 0), COUNT(*)
    FROM d
    ORDER BY "batchStart" DESC, "batchName", "batchId", "admissionNo"`));
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
