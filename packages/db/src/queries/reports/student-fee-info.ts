import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { engineSql } from '../../engine/engine-sql';
import { rows } from '../../engine/runner';
import { balanceSql } from '../balance-sql';
import { assemble, type BatchGroup, courseStudentMoney, type Kind, STUDENT_MONEY } from './shared';

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

/** A student's final fee: the balance before any payment (fee and opening balance, less discount and adjustment). */
const FINAL_FEE = sql.raw(balanceSql({ ...STUDENT_MONEY, paid: '0' }));
const { fee, discount, adjustment } = STUDENT_MONEY;

/**
 * Every student of a course (or of one batch; optionally matching a text in name, admission number
 * or capId) with fee, discount and final fee. Rows stop at `limit`; totals count every match.
 */
export async function studentFeeInfoReport(
  db: DbOrTx,
  params: { depId: number; courseId: number; text?: string; batchId?: number; limit: number },
): Promise<FeeInfoReport> {
  const engine = engineSql(db);
  const raw = (await rows<FeeInfoRaw>(db, sql`
    WITH ${courseStudentMoney(db, params)},
    d AS MATERIALIZED (
      SELECT sel.id AS "studentId", sel.admission_no AS "admissionNo", sel.name AS name, sel.cap_id AS "capId",
        b.id AS "batchId", b.name AS "batchName", b.start_date AS "batchStart",
        ${sql.raw(fee)} AS "feePaise",
        ${sql.raw(discount)} + ${sql.raw(adjustment)} AS "discountPaise",
        ${FINAL_FEE} AS "finalFeePaise"
      FROM sel
      ${engine.joinInOrder} batches b ON b.id = sel.batch_id
      LEFT JOIN fee ON fee.batch_id = sel.batch_id
      LEFT JOIN disc ON disc.student_id = sel.id
      LEFT JOIN opening ON opening.student_id = sel.id
    )
    SELECT * FROM (
      SELECT 'row' AS kind, "studentId", "admissionNo", name, "capId", "batchId", "batchName", "batchStart", "feePaise", "discountPaise", "finalFeePaise", 1 AS count
      FROM d ORDER BY "batchStart" DESC, "batchName", "batchId", "admissionNo" LIMIT ${params.limit}
    ) AS page
    UNION ALL
    SELECT 'batch', NULL, NULL, NULL, NULL, "batchId", "batchName", "batchStart", SUM("feePaise"), SUM("discountPaise"), SUM("finalFeePaise"), COUNT(*)
    FROM d GROUP BY "batchId", "batchName", "batchStart"
    UNION ALL
    SELECT 'total', NULL, NULL, NULL, NULL, NULL, NULL, NULL, COALESCE(SUM("feePaise"), 0), COALESCE(SUM("discountPaise"), 0),
      COALESCE(SUM("finalFeePaise"), 0), COUNT(*)
    FROM d
    ORDER BY "batchStart" DESC, "batchName", "batchId", "admissionNo"`));
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
