import type { Reader } from '../../client';
import { balanceSql } from '../balance-sql';
import { assemble, type BatchGroup, readCourseReport, STUDENT_MONEY } from './shared';

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

const { fee, discount, adjustment } = STUDENT_MONEY;

/**
 * Every student of a course (or of one batch; optionally matching a text in name, admission number
 * or capId) with fee, discount and final fee (the balance before any payment: fee and opening
 * balance, less discount and adjustment). Rows stop at `limit`; totals count every match.
 */
export async function studentFeeInfoReport(
  db: Reader,
  params: { depId: number; courseId: number; text?: string; batchId?: number; limit: number },
): Promise<FeeInfoReport> {
  const read = await readCourseReport<FeeInfoRow>(db, params, {
    figures: {
      feePaise: fee,
      discountPaise: `${discount} + ${adjustment}`,
      finalFeePaise: balanceSql({ ...STUDENT_MONEY, paid: '0' }),
    },
    shown: 'TRUE',
  });
  const totalsOf = (s: Record<string, number>): FeeInfoTotals => ({
    count: s.count!,
    feePaise: s.feePaise!,
    discountPaise: s.discountPaise!,
    finalFeePaise: s.finalFeePaise!,
  });
  const batches = read.batches.map((b) => ({ batchId: b.batchId, batchName: b.batchName, totals: totalsOf(b.sums) }));
  return assemble(batches, totalsOf(read.total), read.rows);
}
