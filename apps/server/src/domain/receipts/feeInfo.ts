import { enrolmentHeadFees, type FeeBalanceRow, feeBalanceTotals, studentFeeBalances } from '@fees/db';
import { headBalancePaise, splitHeadOverParts } from '@fees/money';
import { AppError, PROMOTION_MSG, type TStudentFeeInfoInput } from '@fees/validation';
import { studentAdvance } from '../refunds/advance';
import { studentOfDepartment } from './service';
import type { AuthedContext } from '../../context';

/**
 * The 'Fees Info' dialog: balance rows per fee head of the student's batch, their totals, and the student's advance.
 * Given a batch the student was promoted out of: that enrolment's own rows and totals instead.
 */
export async function receiptFeeInfo(ctx: AuthedContext, input: TStudentFeeInfoInput) {
  const student = await studentOfDepartment(ctx.db, input, ctx.session);
  const whole = await studentFeeBalances(ctx.db, student.id);
  const rows =
    input.batchId === undefined || input.batchId === student.batchId
      ? whole
      : await pastEnrolmentRows(ctx, whole, { studentId: student.id, admissionNo: student.admissionNo }, input.batchId);
  return {
    student: {
      id: student.id,
      admissionNo: student.admissionNo,
      name: student.name,
      courseName: student.courseName,
      batchName: student.batchName,
    },
    rows,
    totals: feeBalanceTotals(rows),
    advancePaise: await studentAdvance(ctx.db, student),
  };
}

/**
 * One past enrolment's rows: each head of that batch with its share of the head's discount, adjustment and payments,
 * split over the parts that charge the head (opening balance, the batches promoted out of, the current batch).
 */
async function pastEnrolmentRows(
  ctx: AuthedContext,
  whole: FeeBalanceRow[],
  student: { studentId: number; admissionNo: string },
  batchId: number,
): Promise<FeeBalanceRow[]> {
  const { promoted, opening } = await enrolmentHeadFees(ctx.db, student.studentId);
  const enrolmentIds = new Set(promoted.filter((p) => p.batchId === batchId).map((p) => p.enrolmentId));
  if (enrolmentIds.size === 0) throw new AppError('NOT_FOUND', PROMOTION_MSG.notPromotedFrom(student.admissionNo));
  const rows: FeeBalanceRow[] = [];
  for (const own of promoted.filter((p) => enrolmentIds.has(p.enrolmentId))) {
    const head = whole.find((r) => r.feeHeadId === own.feeHeadId);
    if (!head) continue;
    // What sponsors cover stays with the year it was sanctioned for; the split is of what the student owes.
    const openingPaise = opening.get(own.feeHeadId) ?? 0;
    const pastOfHead = promoted.filter((p) => p.feeHeadId === own.feeHeadId);
    const pastSum = (key: 'feePaise' | 'sponsoredPaise') => pastOfHead.reduce((sum, p) => sum + p[key], 0);
    const currentPaise =
      head.feePaise - head.sponsoredPaise - openingPaise - (pastSum('feePaise') - pastSum('sponsoredPaise'));
    const owed = [
      ...(openingPaise !== 0 ? [openingPaise] : []),
      ...pastOfHead.map((p) => p.feePaise - p.sponsoredPaise),
      ...(currentPaise !== 0 ? [currentPaise] : []),
    ];
    const at = (openingPaise !== 0 ? 1 : 0) + pastOfHead.indexOf(own);
    const part = splitHeadOverParts(owed, { ...head, feePaise: head.feePaise - head.sponsoredPaise })[at]!;
    rows.push({
      feeHeadId: own.feeHeadId,
      feeHead: own.feeHead,
      ...part,
      feePaise: own.feePaise,
      sponsoredPaise: own.sponsoredPaise,
      totalDiscountPaise: part.discountPaise + part.adjustmentPaise,
      balancePaise: headBalancePaise(part),
    });
  }
  return rows;
}
