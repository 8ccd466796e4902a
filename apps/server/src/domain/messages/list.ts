import { listMessages } from '@fees/db';
import { addDays } from '@fees/money';
import type { TListMessagesInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { assertDepartmentAccess } from '../../department-access';

/** Midnight of a day in the server's TZ, as the UTC time the outbox stores. */
const startOfDay = (date: string) => new Date(`${date}T00:00:00`).toISOString();

/** A department's messages, newest first: to whom, by which channel, for what, and where each stands. */
export async function listDepartmentMessages(ctx: AuthedContext, input: TListMessagesInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  return listMessages(ctx.db, {
    departmentId: input.depId,
    admissionNo: input.admissionNo,
    status: input.status ?? null,
    from: input.from ? startOfDay(input.from) : null,
    until: input.to ? startOfDay(addDays(input.to, 1)) : null,
    limit: input.limit,
  });
}
