import {
  type BatchPlan,
  batchDuesAsOf,
  type DbOrTx,
  type FeeBalanceRow,
  findBatch,
  findLateFeeHeadId,
  findStudentById,
  getDepartmentPayment,
  listLetterheads,
  loadBatchPlan,
  type StudentDuesResult,
} from '@fees/db';
import { AppError, LATE_FEE_HEAD, upiPayLink } from '@fees/validation';
import { today } from '../../config';
import type { AuthedContext } from '../../context';

export type { AuthedContext };

/** The student must exist and belong to the department named in the input. */
export async function loadStudentOfDepartment(db: DbOrTx, input: { depId: number; studentId: number }) {
  const student = await findStudentById(db, input.studentId);
  if (!student || student.departmentId !== input.depId) {
    throw new AppError('NOT_FOUND', 'No such student in this department');
  }
  return student;
}

/** The batch must exist in the department named in the input (another department's batch is not found). */
export async function loadBatchOfDepartment(db: DbOrTx, input: { depId: number; batchId: number }) {
  const batch = await findBatch(db, input.batchId);
  if (!batch || batch.departmentId !== input.depId) throw new AppError('NOT_FOUND', 'No such batch in this department');
  return batch;
}

/** The plan as the screens and REST read it (heads without their start dates). */
export function planView(plan: BatchPlan) {
  return {
    batchId: plan.batchId,
    hasPlan: plan.hasPlan,
    version: plan.version,
    fineRule: plan.fineRule,
    heads: plan.heads.map(({ feeHeadId, feeHead, amountPaise }) => ({ feeHeadId, feeHead, amountPaise })),
    instalments: plan.instalments,
  };
}

/** One student's dues as of a date, with the instalments not yet due and per head what is due now. */
export async function studentDuesView(db: DbOrTx, student: { id: number; batchId: number }, asOf: string) {
  const plan = await loadBatchPlan(db, student.batchId);
  const [row] = await batchDuesAsOf(db, { batchId: student.batchId, studentIds: [student.id], asOf, plan });
  if (!row) throw new AppError('NOT_FOUND', 'No such student in this department');
  return duesView(row, headNamesOf(plan));
}

export function headNamesOf(plan: BatchPlan): Map<number, string> {
  return new Map(plan.heads.map((h) => [h.feeHeadId, h.feeHead]));
}

export function duesView(row: StudentDuesResult, headNames: Map<number, string>) {
  const { cells, heads, ...dues } = row.dues;
  return {
    studentId: row.studentId,
    ...dues,
    heads: heads.map((h) => ({
      feeHeadId: h.feeHeadId,
      feeHead: headNames.get(h.feeHeadId) ?? row.opening.find((o) => o.feeHeadId === h.feeHeadId)?.feeHead ?? '',
      outstanding: h.outstanding,
      balance: h.balance,
    })),
  };
}

/** A department's UPI details when it has a UPI ID (the payee defaults to its letterhead name). */
export async function upiOf(db: DbOrTx, departmentId: number): Promise<{ upiId: string; payeeName: string } | null> {
  const payment = await getDepartmentPayment(db, departmentId);
  if (!payment.upiId) return null;
  const letterhead = (await listLetterheads(db)).find((l) => l.depId === departmentId);
  return upiFrom(payment, letterhead?.institutionName ?? '');
}

/** The UPI details of a department's payment settings, with its letterhead's name already read. */
export function upiFrom(
  payment: { upiId: string | null; payeeName: string | null },
  institutionName: string,
): { upiId: string; payeeName: string } | null {
  return payment.upiId ? { upiId: payment.upiId, payeeName: payment.payeeName ?? institutionName } : null;
}

export function upiLinkFor(
  upi: { upiId: string; payeeName: string } | null,
  amountPaise: number,
  admissionNo: string,
): string | null {
  if (!upi || amountPaise <= 0) return null;
  return upiPayLink({ ...upi, amountPaise, note: admissionNo });
}

/**
 * The Late fee as a head of the student's balances when a fine has accrued: fee = fines as of
 * today, discount = waived, paid = Late fee lines, balance = fine outstanding. Receipt entry offers
 * it pre-filled, and a receipt may carry it although no fee structure charges it.
 */
export async function lateFeeBalanceRows(
  db: DbOrTx,
  student: { id: number; batchId: number },
): Promise<FeeBalanceRow[]> {
  const lateFeeHeadId = await findLateFeeHeadId(db);
  if (lateFeeHeadId === null) return [];
  const { fine } = await studentDuesView(db, student, today());
  if (fine.accrued === 0 && fine.paid === 0) return [];
  return [
    {
      feeHeadId: lateFeeHeadId,
      feeHead: LATE_FEE_HEAD,
      feePaise: fine.accrued,
      discountPaise: fine.waived,
      adjustmentPaise: 0,
      totalDiscountPaise: fine.waived,
      paidPaise: fine.paid,
      balancePaise: fine.outstanding,
    },
  ];
}
