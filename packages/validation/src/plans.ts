import { type FineRule, MAX_PAISE } from '@fees/money';
import { z } from 'zod';
import { MAX_RECORD_INTEGER, optionalText, requiredText, ZDate, ZDepId, ZId } from './common';
import { MSG } from './messages';
import { REPORT_ROW_LIMIT_MAX } from './reports';

/** Plans and fines carry integer paise (the plan form works in paise from the generators). */
export const ZPaise = z
  .number({ error: MSG.required })
  .int('Whole paise only')
  .min(0, 'Must not be negative')
  .max(MAX_PAISE, MSG.amountTooLarge);

const ZGraceDays = z
  .number({ error: MSG.required })
  .int(MSG.required)
  .min(0, 'Must not be negative')
  .max(365, 'At most 365 days');

export const ZFineRule = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('none') }),
    z.object({ type: z.literal('fixed'), amountPaise: ZPaise, graceDays: ZGraceDays }),
    z.object({ type: z.literal('per_day'), perDayPaise: ZPaise, capPaise: ZPaise, graceDays: ZGraceDays }),
    z.object({
      type: z.literal('percent'),
      percentBasisPoints: z
        .number({ error: MSG.required })
        .int(MSG.required)
        .min(0, 'Must not be negative')
        .max(10_000, 'At most 100%'),
      graceDays: ZGraceDays,
    }),
  ],
  { error: 'Choose a fine rule' },
) satisfies z.ZodType<FineRule>;

export const ZPlanInstalmentInput = z.object({
  /** A saved instalment's id keeps it (and its id on the REST paths); left out, a new one. */
  id: ZId.optional(),
  name: requiredText(60),
  dueDate: ZDate,
  fineRule: ZFineRule.nullable(),
  amounts: z.array(z.object({ feeHeadId: ZId, amountPaise: ZPaise })).max(100),
});

export const ZBatchPlanInput = z.object({ depId: ZDepId, batchId: ZId });
export type TBatchPlanInput = z.infer<typeof ZBatchPlanInput>;

/** plans.save: the whole plan; per head the amounts must add up to the fee structure (checked by the server). */
export const ZSavePlanInput = z.object({
  depId: ZDepId,
  batchId: ZId,
  /** The version the form loaded (0 or left out for a batch without a plan). */
  version: z.number().int().min(0).max(MAX_RECORD_INTEGER).optional(),
  fineRule: ZFineRule,
  instalments: z.array(ZPlanInstalmentInput).min(1, 'Add at least one instalment').max(120, 'At most 120 instalments'),
});
export type TSavePlanInput = z.infer<typeof ZSavePlanInput>;

export const ZRemovePlanInput = ZBatchPlanInput.extend({
  version: z.number().int().min(0).max(MAX_RECORD_INTEGER).optional(),
});
export type TRemovePlanInput = z.infer<typeof ZRemovePlanInput>;

/** plans.studentDues: as of today unless a date is given. */
export const ZStudentDuesInput = z.object({ depId: ZDepId, studentId: ZId, asOf: ZDate.optional() });
export type TStudentDuesInput = z.infer<typeof ZStudentDuesInput>;

export const ZWaiveFineInput = z.object({
  depId: ZDepId,
  studentId: ZId,
  amountPaise: ZPaise.min(1, MSG.required),
  reason: requiredText(200),
});
export type TWaiveFineInput = z.infer<typeof ZWaiveFineInput>;

/**
 * reports.duesAsOf: a course (optionally one batch) as of a date; overdueOnly keeps students with a late instalment.
 */
export const ZDuesAsOfInput = z.object({
  depId: ZDepId,
  courseId: ZId,
  batchId: ZId.optional(),
  asOf: ZDate,
  overdueOnly: z.boolean().optional().default(false),
  /** Rows returned (totals always count every student); every row unless asked for fewer. */
  limit: z.number().int().min(1).max(REPORT_ROW_LIMIT_MAX).optional().default(REPORT_ROW_LIMIT_MAX),
});
export type TDuesAsOfInput = z.infer<typeof ZDuesAsOfInput>;

/** reports.defaulters: students with a late instalment as of the date, in a department, course or batch. */
export const ZDefaultersInput = z
  .object({ depId: ZDepId, courseId: ZId.optional(), batchId: ZId.optional(), asOf: ZDate })
  .refine((v) => v.batchId === undefined || v.courseId !== undefined, {
    message: 'Choose the course of the batch',
    path: ['courseId'],
  });
export type TDefaultersInput = z.infer<typeof ZDefaultersInput>;

/** plans.dues: per student the instalments due till the date; a department, course, batch or one student. */
export const ZDuesInput = z.object({
  depId: ZDepId,
  asOf: ZDate,
  courseId: ZId.optional(),
  batchId: ZId.optional(),
  studentId: ZId.optional(),
});
export type TDuesInput = z.infer<typeof ZDuesInput>;

/** plans.demandNotices: one student, or every student of a batch with something to collect. */
export const ZDemandNoticesInput = z
  .object({ depId: ZDepId, batchId: ZId.optional(), studentId: ZId.optional(), asOf: ZDate, payBy: ZDate })
  .refine((v) => v.batchId !== undefined || v.studentId !== undefined, {
    message: 'Choose a batch or a student',
    path: ['batchId'],
  });
export type TDemandNoticesInput = z.infer<typeof ZDemandNoticesInput>;

/** Days from a demand notice's date to the pay-by date it proposes. */
export const NOTICE_PAY_WITHIN_DAYS = 7;

/** A UPI virtual payment address: name@bank. */
export const ZUpiId = z
  .string()
  .trim()
  .max(100, MSG.maxChars(100))
  .regex(/^[a-zA-Z0-9._-]{2,}@[a-zA-Z][a-zA-Z0-9]{1,}$/, 'Enter a UPI ID like name@bank');

export const ZPaymentSettingsInput = z.object({ depId: ZDepId });
export type TPaymentSettingsInput = z.infer<typeof ZPaymentSettingsInput>;

/** An empty UPI ID switches the QR codes off for the department. */
export const ZUpdatePaymentSettingsInput = z.object({
  depId: ZDepId,
  upiId: z
    .union([z.literal('').transform(() => null), ZUpiId, z.null()])
    .optional()
    .transform((v) => v ?? null),
  payeeName: optionalText(60),
});
export type TUpdatePaymentSettingsInput = z.infer<typeof ZUpdatePaymentSettingsInput>;
