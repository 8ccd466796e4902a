import { addDays } from '@fees/money';
import { NOTICE_PAY_WITHIN_DAYS, refuse, type TSendNoticeInput } from '@fees/validation';
import { today } from '../../config';
import type { AuthedContext } from '../../context';
import { demandNotices } from '../plans/service';
import { inTransaction } from '../write';
import { channelNames } from './channels';
import { noticeMessages } from './outbox';

/**
 * Sends a student's demand notice to their contacts who take reminders and notices: a notice is printed
 * on demand rather than recorded, so sending one is its own event (once per student and day). The
 * e-mail carries the notice as printed; it goes out within the settings' hours.
 */
export async function sendNotice(ctx: AuthedContext, input: TSendNoticeInput) {
  const asOf = input.asOf ?? today();
  const payBy = input.payBy ?? addDays(asOf, NOTICE_PAY_WITHIN_DAYS);
  if (payBy < asOf) refuse('BAD_INPUT', 'The pay-by date must not be before the as-of date');
  const data = await demandNotices(ctx.db, { depId: input.depId, studentId: input.studentId, asOf, payBy });
  const notice = data.notices[0] ?? refuse('NOT_FOUND', 'No such student in this department');
  if (channelNames().length === 0)
    return { queued: 0, message: 'No message channel is configured (SMTP_URL for e-mail); nothing was sent' };
  const queued = await inTransaction(ctx, (tx) =>
    noticeMessages(tx, {
      departmentId: input.depId,
      studentId: notice.studentId,
      studentName: notice.name,
      admissionNo: notice.admissionNo,
      duePaise: notice.total,
      asOf,
      payBy,
    }),
  );
  return {
    queued,
    message:
      queued === 0
        ? `The notice of ${notice.name} as of this day was sent already, or no contact takes notices`
        : `The notice of ${notice.name} goes to ${queued} contact${queued === 1 ? '' : 's'}`,
  };
}
