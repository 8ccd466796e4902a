import { z } from 'zod';
import { optionalText, ZDate, ZDepId, ZId } from './common';
import { MSG } from './messages';
import { MESSAGE_STATUS_NAMES } from './reminders';

/** Most messages one list answers. */
export const MESSAGE_LIST_MAX = 1000;

/** The outbox of a department, by student, status and the days (in TZ) the messages were written. */
export const ZListMessagesInput = z
  .object({
    depId: ZDepId,
    admissionNo: optionalText(30),
    status: z.enum(MESSAGE_STATUS_NAMES, { error: `Choose one of ${MESSAGE_STATUS_NAMES.join(', ')}` }).nullish(),
    from: ZDate.nullish(),
    to: ZDate.nullish(),
    limit: z.int().min(1).max(MESSAGE_LIST_MAX, MSG.maxRows(MESSAGE_LIST_MAX)).default(200),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: MSG.dateRangeOrder, path: ['to'] });
export type TListMessagesInput = z.infer<typeof ZListMessagesInput>;

/** A demand notice sent to a student's contacts: the dues as of a day, payable by another (defaults as printed). */
export const ZSendNoticeInput = z.object({
  depId: ZDepId,
  studentId: ZId,
  asOf: ZDate.optional(),
  payBy: ZDate.optional(),
});
export type TSendNoticeInput = z.infer<typeof ZSendNoticeInput>;
