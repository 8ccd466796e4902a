import {
  advanceFiguresOfBatches,
  type Reader,
  type FeeBalanceRow,
  findAdvanceHeadId,
  studentAdvanceHeads,
  studentAdvanceSettlements,
} from '@fees/db';
import { ADVANCE_HEAD, paiseToRupeesText, refuse } from '@fees/validation';
import { type AdvanceHead, advanceFromCreditPaise, advanceLeftPaise, creditPaise } from '@fees/money';
import { lateFeeBalanceRows } from '../plans/service';

/** The advance before flooring at 0 (the rule in @fees/money advance.ts), with the Late fee as of today. */
async function advanceLeft(db: Reader, student: { id: number; batchId: number }): Promise<number> {
  return advanceLeftPaise(
    [...(await studentAdvanceHeads(db, student.id)), ...(await lateFeeBalanceRows(db, student))],
    await studentAdvanceSettlements(db, student.id),
  );
}

/** A student's advance: what may be refunded or settled "Adjusted from advance". */
export async function studentAdvance(db: Reader, student: { id: number; batchId: number }): Promise<number> {
  return Math.max(0, await advanceLeft(db, student));
}

/**
 * The advance of every student of some batches, by student id (the plans' dues), from student_money.
 * `lateFee` gives a student's fines as a head (fee: accrued, discount: waived, paid: Late fee lines)
 * where the caller has computed them; without it, the Late fee head is left out.
 */
export async function advancesOfBatches(
  db: Reader,
  batchIds: readonly number[],
  lateFee?: (studentId: number) => AdvanceHead | undefined,
): Promise<Map<number, number>> {
  const advances = new Map<number, number>();
  for (const figures of await advanceFiguresOfBatches(db, batchIds)) {
    const fine = lateFee?.(figures.studentId);
    advances.set(
      figures.studentId,
      advanceFromCreditPaise(figures.creditPaise + (fine ? creditPaise([fine]) : 0), figures),
    );
  }
  return advances;
}

/**
 * Runs a write that may reduce the student's credit (an edit or void of a receipt) and refuses it
 * when more of the advance was already settled or refunded than the credit would then hold; call it
 * inside the write's transaction so the refusal rolls the write back.
 */
export async function keepingAdvanceCovered<T>(
  db: Reader,
  student: { id: number; batchId: number },
  write: () => Promise<T>,
): Promise<T> {
  const before = await advanceLeft(db, student);
  const result = await write();
  const after = await advanceLeft(db, student);
  if (after < 0 && after < before) {
    refuse(
      'CONFLICT',
      `${paiseToRupeesText(-after)} of this student's advance ` +
        `has already been refunded or settled from it: void that refund or receipt first`,
    );
  }
  return result;
}

/**
 * The Advance head as receipt entry offers it: a head without a limit (an advance for fees not yet in
 * any structure) whose lines add to the student's advance.
 */
export async function advanceHeadRow(db: Reader): Promise<FeeBalanceRow[]> {
  const feeHeadId = await findAdvanceHeadId(db);
  if (feeHeadId === null) return [];
  return [
    {
      feeHeadId,
      feeHead: ADVANCE_HEAD,
      feePaise: 0,
      discountPaise: 0,
      adjustmentPaise: 0,
      totalDiscountPaise: 0,
      sponsoredPaise: 0,
      paidPaise: 0,
      balancePaise: 0,
      open: true,
    },
  ];
}
