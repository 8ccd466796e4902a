import { findDayClosing, getStaffMayCloseDay, insertDayClosing, writeAudit } from '@fees/db';
import { formatDate, refuse, type TCloseDayInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { inTransaction } from '../write';

/** An admin closes a department's day; its staff too when the admin's setting allows it. */
export function closeDay(ctx: AuthedContext, input: TCloseDayInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    if (ctx.session.role !== 'admin' && !(await getStaffMayCloseDay(tx)))
      refuse('FORBIDDEN', 'Only an administrator can close a day');
    if (!(await insertDayClosing(tx, { departmentId: input.depId, date: input.date, closedBy: ctx.session.userId }))) {
      const closing = await findDayClosing(tx, { departmentId: input.depId, date: input.date });
      refuse(
        'CONFLICT',
        `${formatDate(input.date)} was already closed by ${closing?.closedByEmail ?? 'a deleted account'}`,
      );
    }
    const closing = (await findDayClosing(tx, { departmentId: input.depId, date: input.date }))!;
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'close_day',
      entity: 'day_closing',
      entityId: `${input.depId}/${input.date}`,
      after: closing,
    });
    return { ...closing, message: `${formatDate(input.date)} is closed` };
  });
}
