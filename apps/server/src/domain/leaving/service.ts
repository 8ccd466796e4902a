import {
  batchDuesAsOf,
  endEnrolmentAsLeft,
  findCertificate,
  findCertificateOfStudent,
  findLeaving,
  findOpenEnrolment,
  findStudentDetail,
  findStudentDetailByAdmissionNo,
  insertCertificate,
  insertLeaving,
  listEnrolments,
  listLetterheads,
  type NoDuesCertificateRow,
  type Reader,
  studentFeeBalances,
  undoLeaving,
  writeAudit,
  type WriteTx,
  writtenForStudentSince,
} from '@fees/db';
import {
  AppError,
  certificateLabel,
  LEAVING_MSG,
  type TCertificateInput,
  type TLeaveStudentInput,
  type TLeavingPreviewInput,
  type TLeavingStudentInput,
} from '@fees/validation';
import { actorOf } from '../../audit';
import { today } from '../../config';
import type { AuthedContext } from '../../context';
import { certificateVerificationPath } from '../../verify/code';
import { lateFeeBalanceRows } from '../plans/service';
import { inTransaction } from '../write';

async function studentOf(db: Reader, input: { depId: number; admNo: string }) {
  const student = await findStudentDetailByAdmissionNo(db, { departmentId: input.depId, admissionNo: input.admNo });
  if (!student) throw new AppError('NOT_FOUND', 'No such student in this department');
  return student;
}

/**
 * What the student owes in all as of today, by the one dues computation: every head's balance still owed over the
 * whole plan (past enrolments, the batch's instalments up to the leaving day, opening balances) and the fine
 * outstanding. `leavingOn`: as if they left on that day.
 */
async function owedOf(db: Reader, student: { id: number; batchId: number }, leavingOn?: string) {
  const [row] = await batchDuesAsOf(db, {
    batchId: student.batchId,
    studentIds: [student.id],
    asOf: today(),
    leavingOn,
  });
  if (!row) throw new AppError('NOT_FOUND', 'No such student in this department');
  const feesPaise = row.dues.heads.reduce((sum, h) => sum + Math.max(h.balance, 0), 0);
  const finePaise = row.dues.fine.outstanding;
  return { feesPaise, finePaise, totalPaise: feesPaise + finePaise };
}

/** The student's leaving as the student's page and statement show it (null while they have not left). */
export async function leavingOfStudentByAdmissionNo(ctx: AuthedContext, input: TLeavingStudentInput) {
  return await leavingOfStudent(ctx.db, await studentOf(ctx.db, input));
}

export async function leavingOfStudent(db: Reader, student: { id: number }) {
  const [leaving, certificate] = await Promise.all([
    findLeaving(db, student.id),
    findCertificateOfStudent(db, student.id),
  ]);
  if (!leaving) return null;
  return {
    date: leaving.date,
    reason: leaving.reason,
    duesPaise: leaving.duesPaise,
    /** Left through a promotion's Leave: undone with the promotion. */
    byPromotion: leaving.leavingId === null,
    certificate: certificate ? { number: certificate.number, label: labelOf(certificate) } : null,
  };
}

const labelOf = (c: Pick<NoDuesCertificateRow, 'departmentId' | 'number'>) =>
  certificateLabel(c.departmentId, c.number);

/** What the leaving dialog shows for a date before it is confirmed: the enrolment and the dues left. */
export async function leavingPreview(ctx: AuthedContext, input: TLeavingPreviewInput) {
  const student = await studentOf(ctx.db, input);
  const open = await findOpenEnrolment(ctx.db, student.id);
  if (!open) throw new AppError('CONFLICT', LEAVING_MSG.notEnrolled(student.admissionNo));
  if (input.date < open.fromDate) throw new AppError('BAD_INPUT', LEAVING_MSG.beforeStart(open.fromDate));
  const owed = await owedOf(ctx.db, student, input.date);
  return { batchName: student.batchName, fromDate: open.fromDate, date: input.date, ...owed };
}

/**
 * Marks the student as left on the date in one audited write: the open enrolment ends as left, the leaving is recorded
 * with its reason and what the student still owes (warned about and kept, never a reason to refuse).
 */
export async function leaveStudent(ctx: AuthedContext, input: TLeaveStudentInput) {
  const student = await studentOf(ctx.db, input);
  return await inTransaction(ctx, async (tx, ctx) => {
    const open = await findOpenEnrolment(tx, student.id);
    if (!open) throw new AppError('CONFLICT', LEAVING_MSG.notEnrolled(student.admissionNo));
    if (input.date < open.fromDate) throw new AppError('BAD_INPUT', LEAVING_MSG.beforeStart(open.fromDate));
    if (!(await endEnrolmentAsLeft(tx, { enrolmentId: open.id, date: input.date })))
      throw new AppError('CONFLICT', LEAVING_MSG.notEnrolled(student.admissionNo));
    const owed = await owedOf(tx, student);
    const leavingId = await insertLeaving(tx, {
      studentId: student.id,
      enrolmentId: open.id,
      date: input.date,
      reason: input.reason,
      duesPaise: owed.totalPaise,
      createdBy: ctx.session.userId,
    });
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'create',
      entity: 'leaving',
      entityId: leavingId,
      after: {
        studentId: student.id,
        departmentId: student.departmentId,
        admissionNo: student.admissionNo,
        batch: student.batchName,
        date: input.date,
        reason: input.reason,
        duesPaise: owed.totalPaise,
        finePaise: owed.finePaise,
      },
    });
    return { admNo: student.admissionNo, date: input.date, ...owed };
  });
}

/**
 * Reopens the enrolment of a student marked as left, while nothing was written for them since (a receipt, a refund, a
 * certificate): the leaving is kept, marked undone, and audited. A leaving by promotion is undone with its promotion.
 */
export async function undoLeavingOf(ctx: AuthedContext, input: TLeavingStudentInput) {
  const student = await studentOf(ctx.db, input);
  const leaving = await findLeaving(ctx.db, student.id);
  if (!leaving) throw new AppError('CONFLICT', LEAVING_MSG.notLeft(student.admissionNo));
  if (leaving.leavingId === null || leaving.recordedAt === null)
    throw new AppError('CONFLICT', LEAVING_MSG.byPromotion(student.admissionNo));
  const written = await writtenForStudentSince(ctx.db, { studentId: student.id, since: leaving.recordedAt });
  if (written) throw new AppError('CONFLICT', LEAVING_MSG.writtenSince(written));
  return await inTransaction(ctx, async (tx, ctx) => {
    const undone = await undoLeaving(tx, {
      enrolmentId: leaving.enrolmentId,
      leavingId: leaving.leavingId,
      undoneBy: ctx.session.userId,
    });
    if (!undone) throw new AppError('CONFLICT', LEAVING_MSG.notLeft(student.admissionNo));
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'delete',
      entity: 'leaving',
      entityId: leaving.leavingId,
      before: {
        studentId: student.id,
        departmentId: student.departmentId,
        admissionNo: student.admissionNo,
        date: leaving.date,
        reason: leaving.reason,
      },
    });
    return { admNo: student.admissionNo, undone: true };
  });
}

/**
 * The no-dues certificate of a student who left, issued when nothing is outstanding (409 naming the amount otherwise):
 * the department's next number the first time, the same number and date on every reprint; each audited.
 */
export async function issueCertificate(ctx: AuthedContext, input: TLeavingStudentInput) {
  const student = await studentOf(ctx.db, input);
  const leaving = await findLeaving(ctx.db, student.id);
  if (!leaving) throw new AppError('CONFLICT', LEAVING_MSG.notLeft(student.admissionNo));
  const owed = await owedOf(ctx.db, student);
  if (owed.totalPaise > 0) throw new AppError('CONFLICT', LEAVING_MSG.owes(owed.totalPaise));
  const paid = await paidOf(ctx.db, student);
  const certificate = await inTransaction(ctx, async (tx, ctx) => {
    const existing = await findCertificateOfStudent(tx, student.id);
    const issued =
      existing ??
      (await insertCertificate(tx, {
        departmentId: student.departmentId,
        studentId: student.id,
        leavingId: leaving.leavingId ?? (await recordPromotionLeaving(tx, ctx.session.userId, student.id, leaving)),
        issuedOn: today(),
        paidPaise: paid.totalPaise,
        createdBy: ctx.session.userId,
      }));
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: existing ? 'reprint' : 'create',
      entity: 'no_dues_certificate',
      entityId: issued.id,
      after: {
        studentId: student.id,
        departmentId: student.departmentId,
        admissionNo: student.admissionNo,
        number: labelOf(issued),
        issuedOn: issued.issuedOn,
        paidPaise: issued.paidPaise,
      },
    });
    return issued;
  });
  return await certificateView(ctx.db, certificate);
}

/** A leaving by a promotion's Leave has no leaving row of its own: the certificate records one for it. */
async function recordPromotionLeaving(
  tx: WriteTx,
  userId: number,
  studentId: number,
  leaving: { enrolmentId: number; date: string },
) {
  return await insertLeaving(tx, {
    studentId,
    enrolmentId: leaving.enrolmentId,
    date: leaving.date,
    reason: 'Left in a promotion',
    duesPaise: 0,
    createdBy: userId,
  });
}

/** What the student paid per head (fees, opening balances, the Late fee) and in all, as Fees Info counts it. */
async function paidOf(db: Reader, student: { id: number; batchId: number }) {
  const heads = [...(await studentFeeBalances(db, student.id)), ...(await lateFeeBalanceRows(db, student))]
    .filter((h) => h.paidPaise !== 0 || h.feePaise !== 0)
    .map((h) => ({
      feeHead: h.feeHead,
      feePaise: Number(h.feePaise),
      discountPaise: Number(h.totalDiscountPaise),
      paidPaise: Number(h.paidPaise),
    }));
  return { heads, totalPaise: heads.reduce((sum, h) => sum + h.paidPaise, 0) };
}

/** A certificate as its page and its PDF print it. */
export async function certificateView(db: Reader, certificate: NoDuesCertificateRow) {
  const [student, enrolments, letterheads, leaving] = await Promise.all([
    findStudentDetail(db, { id: certificate.studentId }),
    listEnrolments(db, { studentId: certificate.studentId }),
    listLetterheads(db),
    findLeaving(db, certificate.studentId),
  ]);
  if (!student) throw new AppError('NOT_FOUND', LEAVING_MSG.noCertificate);
  const letterhead = letterheads.find((l) => l.depId === certificate.departmentId);
  const paid = await paidOf(db, student);
  return {
    number: certificate.number,
    label: labelOf(certificate),
    departmentId: certificate.departmentId,
    issuedOn: certificate.issuedOn,
    student: {
      name: student.name,
      admissionNo: student.admissionNo,
      parentName: student.parentName,
      courseName: student.courseName,
    },
    leftOn: leaving?.date ?? null,
    batches: enrolments.map((e) => ({
      batchName: e.batchName,
      courseName: e.courseName,
      fromDate: e.fromDate,
      toDate: e.toDate,
    })),
    heads: paid.heads,
    paidPaise: paid.totalPaise,
    letterhead: {
      institutionName: letterhead?.institutionName ?? '',
      address: letterhead?.address ?? null,
      phone: letterhead?.phone ?? null,
      departmentName: letterhead?.departmentName ?? '',
    },
    verifyPath: await certificateVerificationPath(db, certificate),
  };
}

export type CertificateView = Awaited<ReturnType<typeof certificateView>>;

/** An issued certificate by its number (a reprint's page), of the caller's department. */
export async function certificateByNumber(ctx: AuthedContext, input: TCertificateInput) {
  const certificate = await findCertificate(ctx.db, { departmentId: input.depId, number: input.number });
  if (!certificate) throw new AppError('NOT_FOUND', LEAVING_MSG.noCertificate);
  return await certificateView(ctx.db, certificate);
}
