import { deleteDayClosing, findDayClosing, type WriteTx, writeAudit } from '@fees/db';
import { clockTime, formatDate, refuse, type SentForApproval, type TReopenDayInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { approvalNeeded, sendForApproval, type WriteMode } from '../approvals/gate';
import { inTransaction } from '../write';

/** A request to reopen remembers which closing it saw: one made again later is another decision. */
export type ReopenDayRequest = TReopenDayInput & { closedAt: string };

interface Reopened {
  departmentId: number;
  date: string;
  message: string;
}

/**
 * An accountant or admin reopens a department's closed day (closed by mistake, or a batch of late
 * entries): its staff may then write that date again. The closing and the reason go to the audit log.
 * When reopening needs a second person, an accountant's becomes a request and the day stays closed.
 */
export function reopenDay(ctx: AuthedContext, input: TReopenDayInput) {
  return inTransaction(ctx, (tx, ctx) => reopenDayIn(tx, ctx, input, 'maker'));
}

/** A day is named by its date as a number (yyyymmdd): one waiting request per department and day. */
const dayEntityId = (date: string) => Number(date.replaceAll('-', ''));

export async function reopenDayIn(
  tx: WriteTx,
  ctx: Pick<AuthedContext, 'session' | 'ip'>,
  input: TReopenDayInput | ReopenDayRequest,
  mode: WriteMode,
): Promise<Reopened | SentForApproval> {
  const day = formatDate(input.date);
  const closing = await findDayClosing(tx, { departmentId: input.depId, date: input.date });
  if (mode === 'approved' && 'closedAt' in input && closing?.closedAt !== input.closedAt) {
    refuse(
      'STALE',
      closing
        ? `${day} was reopened and closed again at ${clockTime(new Date(closing.closedAt))}` +
            `${closing.closedByEmail ? ` by ${closing.closedByEmail}` : ''}, after this request was made`
        : `${day} was reopened after this request was made: reject it`,
    );
  }
  if (!closing) refuse('CONFLICT', `${day} is not closed`);
  const actor = actorOf(ctx);
  if (await approvalNeeded(tx, 'reopenDay', ctx.session, mode)) {
    return sendForApproval(tx, actor, {
      departmentId: input.depId,
      operation: 'reopenDay',
      summary: {
        what: `Reopen ${day}`,
        studentName: null,
        admissionNo: null,
        receiptNumber: null,
        amountPaise: null,
        date: input.date,
      },
      input: { depId: input.depId, date: input.date, reason: input.reason, closedAt: closing.closedAt },
      entityId: dayEntityId(input.date),
      entityVersion: null,
      reason: input.reason,
    });
  }
  if (!(await deleteDayClosing(tx, { departmentId: input.depId, date: input.date })))
    refuse('CONFLICT', `${day} is not closed`);
  await writeAudit(tx, {
    actor,
    action: 'reopen_day',
    entity: 'day_closing',
    entityId: `${input.depId}/${input.date}`,
    before: closing,
    after: { departmentId: input.depId, date: input.date, reason: input.reason },
  });
  return { departmentId: input.depId, date: input.date, message: `${day} is open again` };
}
