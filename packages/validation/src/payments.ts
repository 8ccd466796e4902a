/** Payment links (a family pays online) and the payments the gateway could not apply. */
import { z } from 'zod';
import { positiveInteger, requiredText, ZAmount, ZDepId, ZId } from './common';
import { MSG } from './messages';

export const PAYMENT_LINK_STATUS_NAMES = ['created', 'partially_paid', 'paid', 'expired', 'cancelled'] as const;
export type TPaymentLinkStatus = (typeof PAYMENT_LINK_STATUS_NAMES)[number];

export const PAYMENT_LINK_STATUS_LABELS: Record<TPaymentLinkStatus, string> = {
  created: 'Open',
  partially_paid: 'Part paid',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** A link's life when none is given; the gateway refuses payment after it. */
export const PAYMENT_LINK_DEFAULT_DAYS = 7;
export const PAYMENT_LINK_MAX_DAYS = 90;

export const PAYMENT_MSG = {
  days: `Enter a number of days from 1 to ${PAYMENT_LINK_MAX_DAYS}`,
  instalments: 'Choose instalments of the student (at most 24)',
  note: 'Say what was done about it (3 to 300 characters)',
  student: 'Give the student: an id or an admission number',
} as const;

const ZStatus = z.enum(PAYMENT_LINK_STATUS_NAMES, { error: 'Choose a status' });
const ZAdmissionNo = requiredText(30);

/**
 * A payment link for one student: the dues as of today when nothing else is said, or the chosen
 * instalments' outstanding, or a typed amount in rupees no larger than everything still open.
 */
export const ZCreatePaymentLinkInput = z
  .object({
    depId: ZDepId,
    studentId: ZId.optional(),
    admissionNo: ZAdmissionNo.optional(),
    amount: ZAmount.optional(),
    instalmentIds: z
      .array(z.string().max(40))
      .min(1, PAYMENT_MSG.instalments)
      .max(24, PAYMENT_MSG.instalments)
      .optional(),
    expiresInDays: z
      .int({ error: PAYMENT_MSG.days })
      .min(1, PAYMENT_MSG.days)
      .max(PAYMENT_LINK_MAX_DAYS, PAYMENT_MSG.days)
      .default(PAYMENT_LINK_DEFAULT_DAYS),
    /** Sends the link to the family through the messages at once. */
    send: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.studentId === undefined && v.admissionNo === undefined)
      ctx.addIssue({ code: 'custom', message: PAYMENT_MSG.student, path: ['studentId'] });
    if (v.amount !== undefined && v.instalmentIds !== undefined)
      ctx.addIssue({ code: 'custom', message: 'Give an amount or instalments, not both', path: ['amount'] });
  });
export type TCreatePaymentLinkInput = z.infer<typeof ZCreatePaymentLinkInput>;

/** Links for every defaulter of a batch (a late instalment still open), each for the dues as of today. */
export const ZCreateBatchPaymentLinksInput = z.object({
  depId: ZDepId,
  batchId: ZId,
  expiresInDays: z
    .int({ error: PAYMENT_MSG.days })
    .min(1, PAYMENT_MSG.days)
    .max(PAYMENT_LINK_MAX_DAYS, PAYMENT_MSG.days)
    .default(PAYMENT_LINK_DEFAULT_DAYS),
  send: z.boolean().default(true),
});
export type TCreateBatchPaymentLinksInput = z.infer<typeof ZCreateBatchPaymentLinksInput>;

export const ZListPaymentLinksInput = z.object({
  depId: ZDepId,
  status: ZStatus.optional(),
  admissionNo: z.string().trim().max(30, MSG.maxChars(30)).optional(),
  studentId: ZId.optional(),
  limit: positiveInteger(MSG.required).max(500).default(200),
});
export type TListPaymentLinksInput = z.infer<typeof ZListPaymentLinksInput>;

export const ZPaymentLinkIdInput = z.object({ depId: ZDepId, id: ZId });
export type TPaymentLinkIdInput = z.infer<typeof ZPaymentLinkIdInput>;

export const ZRefreshPaymentLinksInput = z.object({ depId: ZDepId });
export type TRefreshPaymentLinksInput = z.infer<typeof ZRefreshPaymentLinksInput>;

export const ZPaymentExceptionsInput = z.object({
  depId: ZDepId,
  status: z.enum(['open', 'resolved'], { error: 'Choose a status' }).optional(),
});
export type TPaymentExceptionsInput = z.infer<typeof ZPaymentExceptionsInput>;

export const ZResolvePaymentExceptionInput = z.object({
  depId: ZDepId,
  id: ZId,
  note: z.string({ error: PAYMENT_MSG.note }).trim().min(3, PAYMENT_MSG.note).max(300, PAYMENT_MSG.note),
});
export type TResolvePaymentExceptionInput = z.infer<typeof ZResolvePaymentExceptionInput>;
