import { sql } from 'drizzle-orm';
import type { Reader } from '../../client';
import { rows } from '../../engines';
import { balanceSql } from '../balance-sql';
import { notOwedOfStudentsSql, optionalFeesSql } from '../optional-fee-sql';
import { SETTLED_STUDENTS, takenBackOfStudentsSql } from '../refunds';
import {
  assemble,
  type BatchGroup,
  readCourseReport,
  STUDENT_ADVANCE,
  STUDENT_MONEY,
  leftAndSponsoredJoins,
} from './shared';

export interface DuesTotals {
  count: number;
  feePaise: number;
  discountPaise: number;
  /** What sponsors are expected to pay (their shares less their receipts). */
  sponsoredPaise: number;
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
  phone: string | null;
  feePaise: number;
  /** Discount plus adjustment. */
  discountPaise: number;
  /** What sponsors are expected to pay: balance = fee - discount - sponsored - paid. */
  sponsoredPaise: number;
  paidPaise: number;
  balancePaise: number;
  /** What the student holds in credit (the rule of @fees/money advance.ts). */
  advancePaise: number;
}

export interface DuesReport {
  batches: Array<BatchGroup<DuesRow, DuesTotals> & { truncated: boolean }>;
  totals: DuesTotals;
  /** The advance every student of the listed batches holds, those without a balance too. */
  advanceTotalPaise: number;
  /** True when some students counted in the totals are not among the rows. */
  truncated: boolean;
}

const { fee, discount, adjustment, sponsored, paid } = STUDENT_MONEY;
/**
 * A student's balance in the dues report: fee and opening balance, less discounts and paid (structure heads and opening
 * heads outside it).
 */
const BALANCE = balanceSql(STUDENT_MONEY);

/** Each batch's compulsory fee, the sum of its structure rows that are not optional: rows (batch_id, "feePaise"). */
const BATCH_FEES = sql`SELECT fs.batch_id, CAST(SUM(fs.amount_paise) AS BIGINT) AS "feePaise"
  FROM fee_structures fs
  WHERE fs.optional = 0
  GROUP BY fs.batch_id`;

/**
 * Every student of a course (or of one of its batches, or of every course of the department) with phone, fee,
 * discount, paid, balance and advance;
 * only balances other than zero unless includeSettled. Rows stop at `limit`; totals count everyone shown.
 */
export async function duesReport(
  db: Reader,
  params: { depId: number; courseId?: number; batchId?: number; includeSettled?: boolean; limit: number },
): Promise<DuesReport> {
  const read = await readCourseReport<DuesRow>(db, params, {
    figures: {
      feePaise: fee,
      discountPaise: `${discount} + ${adjustment}`,
      sponsoredPaise: sponsored,
      paidPaise: paid,
      balancePaise: BALANCE,
    },
    shown: params.includeSettled ? 'TRUE' : `${BALANCE} <> 0`,
    batchSums: { advancePaise: STUDENT_ADVANCE },
    withPhone: true,
  });
  const totalsOf = (s: Record<string, number>): DuesTotals => ({
    count: s.count!,
    feePaise: s.feePaise!,
    discountPaise: s.discountPaise!,
    sponsoredPaise: s.sponsoredPaise!,
    paidPaise: s.paidPaise!,
    balancePaise: s.balancePaise!,
  });
  const batches = read.batches.map((b) => ({ batchId: b.batchId, batchName: b.batchName, totals: totalsOf(b.sums) }));
  return { ...assemble(batches, totalsOf(read.total), read.rows), advanceTotalPaise: read.total.advancePaise! };
}

/**
 * Per department, the dues report's totals over all its courses, summed by SQL from the same terms as
 * STUDENT_MONEY: the demand (fee less discounts, the report's fee minus its discount column), the balance
 * (what the students owe, what left their credit taken back from what they paid) and what the sponsors still owe
 * (their shares less shortfalls less their receipts).
 * What the dashboard shows as dues outstanding and collection against demand, equal to the sums of the
 * department's course reports. Every term is a sum, so each is summed apart: the kept per-student figures in
 * their index's order a batch at a time (a batch's fee counted once per student in it), then the few students
 * with an opt-in, a left enrolment, a share or a refund. Departments without students are absent.
 */
export async function duesBalanceByDepartment(
  db: Reader,
): Promise<Array<{ depId: number; demandPaise: number; balancePaise: number; sponsorReceivablePaise: number }>> {
  const everyone = sql`TRUE`;
  const read = await rows<{ depId: number; demandPaise: number; balancePaise: number; receivablePaise: number }>(
    db,
    sql`
    SELECT t.dep AS "depId",
      CAST(SUM(t.demand) AS BIGINT) AS "demandPaise",
      CAST(SUM(t.demand - t.sponsored - t.paid) AS BIGINT) AS "balancePaise",
      CAST(SUM(t.receivable) AS BIGINT) AS "receivablePaise"
    FROM (
      SELECT g.dep, g.n * COALESCE(fee."feePaise", 0) + g.rest AS demand, 0 AS sponsored, g.paid, 0 AS receivable
      FROM (
        SELECT m.department_id AS dep, m.batch_id, COUNT(*) AS n,
          SUM(m.charges_paise - m.discount_paise - m.adjustment_paise) AS rest,
          SUM(m.paid_paise + m.paid_outside_paise) AS paid
        FROM student_money m
        GROUP BY m.department_id, m.course_id, m.batch_id
      ) g
      LEFT JOIN (${BATCH_FEES}) fee ON fee.batch_id = g.batch_id
      UNION ALL
      SELECT m.department_id, opt."feePaise", 0, 0, 0
      FROM (${optionalFeesSql(everyone)}) opt JOIN student_money m ON m.student_id = opt.student_id
      UNION ALL
      SELECT m.department_id, 0, 0, -tb."takenBackPaise", 0
      FROM (${takenBackOfStudentsSql(db, SETTLED_STUDENTS, everyone)}) tb
      JOIN student_money m ON m.student_id = tb.student_id
      UNION ALL
      SELECT m.department_id, -lft."notOwedPaise", 0, 0, 0
      FROM (${notOwedOfStudentsSql(everyone)}) lft JOIN student_money m ON m.student_id = lft.student_id
      UNION ALL
      SELECT m.department_id, 0, sp.amount_paise - sp.shortfall_paise, 0,
        sp.amount_paise - sp.shortfall_paise - COALESCE(a."receivedPaise", 0)
      FROM sponsorships sp
      JOIN student_money m ON m.student_id = sp.student_id
      LEFT JOIN (
        SELECT sponsorship_id, CAST(SUM(amount_paise) AS BIGINT) AS "receivedPaise"
        FROM sponsor_receipt_allocations
        GROUP BY sponsorship_id
      ) a ON a.sponsorship_id = sp.id
    ) t
    GROUP BY t.dep`,
  );
  return read.map((r) => ({
    depId: Number(r.depId),
    demandPaise: Number(r.demandPaise),
    balancePaise: Number(r.balancePaise),
    sponsorReceivablePaise: Number(r.receivablePaise),
  }));
}

/**
 * Every student of a department who owes something, with the dues report's balance: a bank credit of exactly
 * that amount is probably the family paying its demand notice (the reconciliation proposes it).
 */
export async function duesBalancesOfDepartment(
  db: Reader,
  params: { departmentId: number },
): Promise<Array<{ studentId: number; amountPaise: number }>> {
  const read = await rows<{ studentId: number; amountPaise: number }>(
    db,
    sql`
    SELECT m.student_id AS "studentId", CAST(${sql.raw(BALANCE)} AS BIGINT) AS "amountPaise"
    FROM student_money m
    LEFT JOIN (${BATCH_FEES}) fee ON fee.batch_id = m.batch_id
    LEFT JOIN (${optionalFeesSql(sql`os.department_id = ${params.departmentId}`)}) opt ON opt.student_id = m.student_id
    ${leftAndSponsoredJoins(db, params.departmentId)}
    WHERE m.department_id = ${params.departmentId} AND ${sql.raw(BALANCE)} > 0`,
  );
  return read.map((r) => ({ studentId: Number(r.studentId), amountPaise: Number(r.amountPaise) }));
}
