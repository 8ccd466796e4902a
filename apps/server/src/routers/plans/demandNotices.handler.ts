import { batchDuesAsOf, listLetterheads, loadBatchPlan } from '@fees/db';
import type { TDemandNoticesInput } from '@fees/validation';
import { noticeVerificationPath } from '../../verify/code';
import { type AuthedContext, duesView, headNamesOf, loadBatchOfDepartment, loadStudentOfDepartment, upiLinkFor, upiOf } from './service';

/**
 * Demand notices as of a date: one student, or every student of a batch with something to collect.
 * Each carries the instalments due till the date with their fines, the total, and the UPI link
 * for that total when the department has a UPI ID.
 */
export async function demandNoticesHandler({ ctx, input }: { ctx: AuthedContext; input: TDemandNoticesInput }) {
  const student = input.studentId === undefined ? null : (await loadStudentOfDepartment(ctx.db, { depId: input.depId, studentId: input.studentId }));
  const batchId = student?.batchId ?? (await loadBatchOfDepartment(ctx.db, { depId: input.depId, batchId: input.batchId! })).id;
  const plan = (await loadBatchPlan(ctx.db, batchId));
  const rows = (await batchDuesAsOf(ctx.db, { batchId, studentIds: student ? [student.id] : undefined }, input.asOf, plan));
  const upi = (await upiOf(ctx.db, input.depId));
  const letterhead = (await listLetterheads(ctx.db)).find((l) => l.depId === input.depId)!;
  const names = headNamesOf(plan);
  return {
    asOf: input.asOf,
    payBy: input.payBy,
    letterhead: { institutionName: letterhead.institutionName, address: letterhead.address, phone: letterhead.phone, hasLogo: letterhead.hasLogo },
    upi,
    notices: await Promise.all(
      rows
      .filter((r) => student !== null || r.dues.toCollect > 0)
      .map(async (r) => {
        const view = duesView(r, input.asOf, names);
        return {
          studentId: r.studentId,
          admissionNo: r.admissionNo,
          name: r.name,
          parentName: r.parentName,
          courseName: r.courseName,
          batchName: r.batchName,
          instalments: view.instalments,
          fine: view.fine,
          outstanding: view.outstanding,
          total: view.toCollect,
          upiLink: upiLinkFor(upi, view.toCollect, r.admissionNo),
          /** The public verification page for the printed QR code (verify/). */
          verifyPath: await noticeVerificationPath(ctx.db, { studentId: r.studentId, asOf: input.asOf, totalPaise: view.toCollect }),
        };
      }),
    ),
  };
}
