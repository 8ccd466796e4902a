import {
  type DiscountChangeBy,
  type Reader,
  findBatch,
  findCourse,
  findDiscountForStudentHead,
  findFeeHead,
  findFeeStructureForHead,
  findStudentPlacement,
  isUniqueViolation,
  paidAndOpeningOnHead,
} from '@fees/db';
import { AppError, MSG, paiseToRupeesText, refuse, type TCreateDiscountInput } from '@fees/validation';
import { headBalancePaise } from '@fees/money';
import { today } from '../../config';

/** A discount changed now by this user: dated the foundation's business day, for the discounts' history. */
export function discountChangeBy(actor: { userId: number | null }): DiscountChangeBy {
  return { date: today(), userId: actor.userId };
}

/** The batch must exist and belong to the department. */
export async function loadBatchOfDepartment(db: Reader, input: { depId: number; batchId: number }) {
  const batch = await findBatch(db, input.batchId);
  if (!batch || batch.departmentId !== input.depId) refuse('NOT_FOUND', 'No such batch in this department');
  return batch;
}

/**
 * Everything a discount row must agree with: the course is the department's, the batch the course's,
 * the student the batch's; the head is charged to that batch; no other discount exists for the
 * student and head (the 'DUP' case, a CONFLICT); the student's balance on the head stays at or above zero
 * unless the user confirmed it; discount plus adjustment stay within the head's fee.
 */
export async function checkDiscount(
  db: Reader,
  input: Omit<TCreateDiscountInput, 'confirm' | 'note'>,
  exceptId?: number,
) {
  const course = await findCourse(db, input.courseId);
  if (!course || course.departmentId !== input.depId)
    refuse('BAD_INPUT', 'This course does not belong to the department');
  const batch = await findBatch(db, input.batchId);
  if (!batch || batch.courseId !== input.courseId || batch.departmentId !== input.depId) {
    refuse('BAD_INPUT', `This batch is not a batch of ${course.name}`);
  }
  const student = (await findStudentPlacement(db, input.studentId)) ?? refuse('NOT_FOUND', 'No such student');
  if (student.batchId !== batch.id || student.courseId !== input.courseId || student.departmentId !== input.depId) {
    refuse('BAD_INPUT', `${student.name} (${student.admissionNo}) is not a student of batch ${batch.name}`);
  }
  const head = (await findFeeHead(db, input.feeHeadId)) ?? refuse('NOT_FOUND', 'No such fee head');
  const structure =
    (await findFeeStructureForHead(db, { batchId: batch.id, feeHeadId: head.id })) ??
    refuse('BAD_INPUT', `${head.name} is not in the fee structure of batch ${batch.name}`);
  if (await findDiscountForStudentHead(db, { studentId: student.id, feeHeadId: head.id, exceptId })) {
    refuse('CONFLICT', duplicateDiscountMessage(student, head.name));
  }
  if (input.discount + input.adjustment > structure.amountPaise) {
    refuse(
      'BAD_INPUT',
      `Discount and adjustment together (${paiseToRupeesText(input.discount + input.adjustment)}) ` +
        `exceed the ${head.name} of ${paiseToRupeesText(structure.amountPaise)} for batch ${batch.name}`,
    );
  }
  const { paidPaise, openingPaise } = await paidAndOpeningOnHead(db, { studentId: student.id, feeHeadId: head.id });
  const balance = headBalancePaise({
    feePaise: structure.amountPaise + openingPaise,
    discountPaise: input.discount,
    adjustmentPaise: input.adjustment,
    paidPaise,
  });
  if (balance < 0 && !input.allowNegativeBalance)
    refuse('CONFLICT', MSG.belowZero(1, head.name, paiseToRupeesText(balance)));
  return { student, head, batch };
}

export const duplicateDiscountMessage = (student: { name: string; admissionNo: string }, headName: string) =>
  `${student.name} (${student.admissionNo}) already has a discount on ${headName}; edit that one instead`;

/** A unique-index race (another connection writing the same pair) is still the duplicate CONFLICT, never a 500. */
export function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new AppError('CONFLICT', 'This student already has a discount on this fee head');
  }
  throw error;
}
