import { duesByBatch, getDepartmentPayment, listLetterheads, type StudentDuesOnly } from '@fees/db';
import type { TDemandNoticesInput } from '@fees/validation';
import { noticeVerificationPaths } from '../../verify/code';
import { type AuthedContext, loadBatchOfDepartment, loadStudentOfDepartment, upiFrom, upiLinkFor } from './service';

/**
 * Demand notices as of a date: one student, or every student of a batch with something to collect.
 * Each carries the instalments due till the date with their fines, the total, and the UPI link
 * for that total when the department has a UPI ID.
 */
export async function demandNotices(ctx: AuthedContext, input: TDemandNoticesInput) {
  const student =
    input.studentId === undefined
      ? null
      : await loadStudentOfDepartment(ctx.db, { depId: input.depId, studentId: input.studentId });
  const batchId =
    student?.batchId ?? (await loadBatchOfDepartment(ctx.db, { depId: input.depId, batchId: input.batchId! })).id;
  const readDues = async () => {
    const rows: StudentDuesOnly[] = [];
    for await (const students of duesByBatch(ctx.db, {
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
    getDepartmentPayment(ctx.db, input.depId),
    listLetterheads(ctx.db),
    noticeVerificationPaths(ctx.db),
  ]);
  const letterhead = letterheads.find((l) => l.depId === input.depId)!;
  const upi = upiFrom(payment, letterhead.institutionName);
  return {
    asOf: input.asOf,
    payBy: input.payBy,
    letterhead: {
      institutionName: letterhead.institutionName,
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
