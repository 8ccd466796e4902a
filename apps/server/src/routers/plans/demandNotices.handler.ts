import { duesByBatch, listLetterheads, type StudentDuesOnly } from '@fees/db';
import type { TDemandNoticesInput } from '@fees/validation';
import { noticeVerificationPaths } from '../../verify/code';
import { type AuthedContext, loadBatchOfDepartment, loadStudentOfDepartment, upiLinkFor, upiOf } from './service';

/**
 * Demand notices as of a date: one student, or every student of a batch with something to collect.
 * Each carries the instalments due till the date with their fines, the total, and the UPI link
 * for that total when the department has a UPI ID.
 */
export async function demandNoticesHandler({ ctx, input }: { ctx: AuthedContext; input: TDemandNoticesInput }) {
  const student = input.studentId === undefined ? null : (await loadStudentOfDepartment(ctx.db, { depId: input.depId, studentId: input.studentId }));
  const batchId = student?.batchId ?? (await loadBatchOfDepartment(ctx.db, { depId: input.depId, batchId: input.batchId! })).id;
  const rows: StudentDuesOnly[] = [];
  for await (const students of duesByBatch(ctx.db, { batchIds: [batchId], asOf: input.asOf, studentIds: student ? [student.id] : undefined })) rows.push(...students);
  const upi = (await upiOf(ctx.db, input.depId));
  const letterhead = (await listLetterheads(ctx.db)).find((l) => l.depId === input.depId)!;
  const verifyPath = await noticeVerificationPaths(ctx.db);
  return {
    asOf: input.asOf,
    payBy: input.payBy,
    letterhead: { institutionName: letterhead.institutionName, address: letterhead.address, phone: letterhead.phone, hasLogo: letterhead.hasLogo },
    upi,
    notices: rows
      .filter((r) => student !== null || r.dues.toCollect > 0)
      .map(({ dues, ...r }) => ({
        studentId: r.studentId,
        admissionNo: r.admissionNo,
        name: r.name,
        parentName: r.parentName,
        courseName: r.courseName,
        batchName: r.batchName,
        instalments: dues.instalments,
        fine: dues.fine,
        outstanding: dues.outstanding,
        total: dues.toCollect,
        upiLink: upiLinkFor(upi, dues.toCollect, r.admissionNo),
        /** The public verification page for the printed QR code (verify/). */
        verifyPath: verifyPath({ studentId: r.studentId, asOf: input.asOf, totalPaise: dues.toCollect }),
      })),
  };
}
