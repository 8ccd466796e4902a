import {
  type BatchPlan,
  batchDuesAsOf,
  type Reader,
  duesByBatch,
  type FeeBalanceRow,
  findBatch,
  findLateFeeHeadId,
  findStudentById,
  getDepartmentPayment,
  listLetterheads,
  loadBatchPlan,
  type StudentDuesOnly,
  type StudentDuesResult,
} from '@fees/db';
import { AppError, LATE_FEE_HEAD, type TBatchPlanInput, type TDemandNoticesInput, upiPayLink } from '@fees/validation';
import { today } from '../../config';
import type { AuthedContext } from '../../context';
import { noticeVerificationPaths } from '../../verify/code';

export type { AuthedContext };

/** The student must exist and belong to the department named in the input. */
export async function loadStudentOfDepartment(db: Reader, input: { depId: number; studentId: number }) {
  const student = await findStudentById(db, input.studentId);
  if (!student || student.departmentId !== input.depId) {
    throw new AppError('NOT_FOUND', 'No such student in this department');
  }
  return student;
}

/** The batch must exist in the department named in the input (another department's batch is not found). */
export async function loadBatchOfDepartment(db: Reader, input: { depId: number; batchId: number }) {
  const batch = await findBatch(db, input.batchId);
  if (!batch || batch.departmentId !== input.depId) throw new AppError('NOT_FOUND', 'No such batch in this department');
  return batch;
}

/** A batch's plan; a batch without one answers its virtual instalments (hasPlan false). */
export async function batchPlan(ctx: AuthedContext, input: TBatchPlanInput) {
  await loadBatchOfDepartment(ctx.db, input);
  return planView(await loadBatchPlan(ctx.db, input.batchId));
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
export async function studentDuesView(db: Reader, student: { id: number; batchId: number }, asOf: string) {
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
    sponsored: row.sponsored,
    heads: heads.map((h) => ({
      feeHeadId: h.feeHeadId,
      feeHead: headNames.get(h.feeHeadId) ?? row.opening.find((o) => o.feeHeadId === h.feeHeadId)?.feeHead ?? '',
      outstanding: h.outstanding,
      balance: h.balance,
    })),
  };
}

/** A department's UPI details when it has a UPI ID (the payee defaults to its letterhead name). */
export async function upiOf(db: Reader, departmentId: number): Promise<{ upiId: string; payeeName: string } | null> {
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
  db: Reader,
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
      sponsoredPaise: 0,
      paidPaise: fine.paid,
      balancePaise: fine.outstanding,
    },
  ];
}

/**
 * Demand notices as of a date: one student, or every student of a batch with something to collect.
 * Each carries the instalments due till the date with their fines, the total, and the UPI link
 * for that total when the department has a UPI ID. The printed notices and the PDF both read it; the
 * caller has checked access to input.depId.
 */
export async function demandNotices(db: Reader, input: TDemandNoticesInput) {
  const student =
    input.studentId === undefined
      ? null
      : await loadStudentOfDepartment(db, { depId: input.depId, studentId: input.studentId });
  const batchId =
    student?.batchId ?? (await loadBatchOfDepartment(db, { depId: input.depId, batchId: input.batchId! })).id;
  const readDues = async () => {
    const rows: StudentDuesOnly[] = [];
    for await (const students of duesByBatch(db, {
      batchIds: [batchId],
      asOf: input.asOf,
      studentIds: student ? [student.id] : undefined,
    }))
      rows.push(...students);
    return rows;
  };
  // Sent together: on PostgreSQL the small reads overlap the dues' reads.
  const [rows, payment, letterheads, verifyPath] = await Promise.all([
    readDues(),
    getDepartmentPayment(db, input.depId),
    listLetterheads(db),
    noticeVerificationPaths(db),
  ]);
  const letterhead = letterheads.find((l) => l.depId === input.depId)!;
  const upi = upiFrom(payment, letterhead.institutionName);
  return {
    asOf: input.asOf,
    payBy: input.payBy,
    letterhead: {
      institutionName: letterhead.institutionName,
      departmentName: letterhead.departmentName,
      address: letterhead.address,
      phone: letterhead.phone,
      hasLogo: letterhead.hasLogo,
    },
    upi,
    notices: rows
      .filter((r) => student !== null || r.dues.toCollect > 0)
      .map((r) => ({
        studentId: r.studentId,
        admissionNo: r.admissionNo,
        name: r.name,
        parentName: r.parentName,
        courseName: r.courseName,
        batchName: r.batchName,
        instalments: r.dues.instalments,
        fine: r.dues.fine,
        outstanding: r.dues.outstanding,
        total: r.dues.toCollect,
        upiLink: upiLinkFor(upi, r.dues.toCollect, r.admissionNo),
        /** The public verification page for the printed QR code (verify/). */
        verifyPath: verifyPath({ studentId: r.studentId, asOf: input.asOf, totalPaise: r.dues.toCollect }),
      })),
  };
}

export type DemandNotices = Awaited<ReturnType<typeof demandNotices>>;
