/** The payments the gateway brought that could not be applied, for an accountant to settle with a note. */
import {
  findPaymentException,
  listPaymentExceptions,
  resolvePaymentException as resolveRow,
  writeAudit,
} from '@fees/db';
import { refuse, type TPaymentExceptionsInput, type TResolvePaymentExceptionInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { inTransaction } from '../write';

export async function listExceptions(ctx: AuthedContext, input: TPaymentExceptionsInput) {
  const rows = await listPaymentExceptions(ctx.db, { departmentId: input.depId, status: input.status, limit: 500 });
  return rows.map((r) => ({
    id: r.id,
    paymentId: r.paymentId,
    amountPaise: r.amountPaise,
    problem: r.problem,
    status: r.status,
    createdAt: r.createdAt,
    admissionNo: r.admissionNo,
    studentName: r.studentName,
    resolvedAt: r.resolvedAt,
    resolvedBy: r.resolvedByEmail,
    resolution: r.resolution,
  }));
}

export async function resolveException(ctx: AuthedContext, input: TResolvePaymentExceptionInput) {
  const found = await findPaymentException(ctx.db, input.id);
  // One whose student is gone belongs to no department: any department's accountant may settle it.
  if (!found || (found.departmentId !== null && found.departmentId !== input.depId))
    refuse('NOT_FOUND', 'No such payment exception in this department');
  const actor = actorOf(ctx);
  await inTransaction(ctx, async (tx) => {
    const done = await resolveRow(tx, { id: input.id, userId: actor.userId, resolution: input.note });
    if (!done) refuse('CONFLICT', 'This exception was resolved already');
    await writeAudit(tx, {
      actor,
      action: 'update',
      entity: 'payment_exception',
      entityId: String(input.id),
      before: { status: 'open', problem: found.problem },
      after: { status: 'resolved', resolution: input.note },
    });
  });
  return { id: input.id, status: 'resolved' as const };
}
