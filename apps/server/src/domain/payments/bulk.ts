/**
 * Payment links for a batch's defaulters (a late instalment still open), each for the dues as of today,
 * sent through the messages. A student who has an open link already is passed by; when the gateway
 * stops answering the run stops there and says so: the links made before it stay.
 */
import { batchDuesAsOf, findReceiptStudentById, listPaymentLinks } from '@fees/db';
import { AppError, type TCreateBatchPaymentLinksInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { today } from '../../config';
import { loadBatchOfDepartment } from '../plans/service';
import { createLinkFor, gatewayOf, type PaymentsContext } from './links';

export async function createLinksForDefaulters(ctx: PaymentsContext, input: TCreateBatchPaymentLinksInput) {
  const setup = gatewayOf(ctx);
  await loadBatchOfDepartment(ctx.db, input);
  const dues = await batchDuesAsOf(ctx.db, { batchId: input.batchId, asOf: today() });
  const late = dues.filter((d) => d.dues.daysLate > 0 && d.dues.toCollect > 0);
  const actor = actorOf(ctx);
  const result = { created: 0, alreadyOpen: 0, failed: [] as Array<{ admissionNo: string; message: string }> };
  for (const row of late) {
    const open = await listPaymentLinks(ctx.db, {
      departmentId: input.depId,
      studentId: row.studentId,
      status: 'created',
      limit: 1,
    });
    if (open.length > 0) {
      result.alreadyOpen++;
      continue;
    }
    const student = await findReceiptStudentById(ctx.db, row.studentId);
    if (!student) continue;
    try {
      await createLinkFor(ctx.db, setup, actor, student, {
        expiresInDays: input.expiresInDays,
        send: input.send,
      });
      result.created++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.failed.push({ admissionNo: student.admissionNo, message: error.message });
      if (error.code === 'UNAVAILABLE') break;
    }
  }
  return { ...result, defaulters: late.length };
}
