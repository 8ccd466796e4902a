import type { Reader } from '../../client';
import { balanceSql } from '../balance-sql';
import { assemble, type BatchGroup, readCourseReport, STUDENT_ADVANCE, STUDENT_MONEY } from './shared';

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

const { fee, discount, adjustment, paid } = STUDENT_MONEY;
/**
 * A student's balance in the dues report: fee and opening balance, less discounts and paid (structure heads and opening
 * heads outside it).
 */
const BALANCE = balanceSql(STUDENT_MONEY);

/**
 * Every student of a course (or of one of its batches) with fee, discount, paid, balance and advance;
 * only balances other than zero unless includeSettled. Rows stop at `limit`; totals count everyone shown.
 */
export async function duesReport(
  db: Reader,
  params: { depId: number; courseId: number; batchId?: number; includeSettled?: boolean; limit: number },
): Promise<DuesReport> {
  const read = await readCourseReport<DuesRow>(db, params, {
    figures: { feePaise: fee, discountPaise: `${discount} + ${adjustment}`, paidPaise: paid, balancePaise: BALANCE },
    shown: params.includeSettled ? 'TRUE' : `${BALANCE} <> 0`,
    batchSums: { advancePaise: STUDENT_ADVANCE },
  });
  const totalsOf = (s: Record<string, number>): DuesTotals => ({
    count: s.count!,
    feePaise: s.feePaise!,
    discountPaise: s.discountPaise!,
    paidPaise: s.paidPaise!,
    balancePaise: s.balancePaise!,
  });
  const batches = read.batches.map((b) => ({ batchId: b.batchId, batchName: b.batchName, totals: totalsOf(b.sums) }));
  return { ...assemble(batches, totalsOf(read.total), read.rows), advanceTotalPaise: read.total.advancePaise! };
}
