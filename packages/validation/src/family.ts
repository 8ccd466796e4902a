/** The family page's link: staff get a student's, or revoke it so a new one replaces it. */
import { z } from 'zod';
import { requiredText, ZDepId, ZId } from './common';
import { PAYMENT_MSG } from './payments';

export const ZFamilyLinkInput = z
  .object({
    depId: ZDepId,
    studentId: ZId.optional(),
    admissionNo: requiredText(30).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.studentId === undefined && v.admissionNo === undefined)
      ctx.addIssue({ code: 'custom', message: PAYMENT_MSG.student, path: ['studentId'] });
  });
export type TFamilyLinkInput = z.infer<typeof ZFamilyLinkInput>;

/** How many of a student's receipts the family page lists, newest first. */
export const FAMILY_PAGE_RECEIPTS = 10;
