import { deleteDayClosing, findDayClosing, writeAudit } from '@fees/db';
import { formatDate, refuse, type TReopenDayInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { inTransaction } from '../write';

/**
 * An admin reopens a department's closed day (closed by mistake, or a batch of late entries): its
 * staff may then write that date again. The closing and the admin's reason go to the audit log.
 */
export function reopenDay(ctx: AuthedContext, input: TReopenDayInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    const closing = await findDayClosing(tx, { departmentId: input.depId, date: input.date });
    if (!closing || !(await deleteDayClosing(tx, { departmentId: input.depId, date: input.date }))) {
      refuse('CONFLICT', `${formatDate(input.date)} is not closed`);
    }
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'reopen_day',
      entity: 'day_closing',
      entityId: `${input.depId}/${input.date}`,
      before: closing,
      after: { departmentId: input.depId, date: input.date, reason: input.reason },
    });
    return { departmentId: input.depId, date: input.date, message: `${formatDate(input.date)} is open again` };
  });
}
