/**
 * Concession schemes ("RTE 25%", "Staff ward"): the inputs of the schemes procedures (the discount a rule
 * gives is schemeDiscountPaise in @fees/money). Percentages in basis points (2500 = 25%).
 */
import type { SchemeRule } from '@fees/money';
import { z } from 'zod';
import { requiredText, ZAmount, ZDepId, ZId, ZVersion } from './common';
import { parseRupeesToPaise } from './format';
import { MSG } from './messages';

/** "25" -> "25%", 1250 basis points -> "12.5%"; a fixed rule shows its amount elsewhere. */
export function percentText(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

export const SCHEME_MSG = {
  percent: 'Enter a percentage above 0 and at most 100, with up to 2 decimals',
  noRules: 'Add at least one rule',
  duplicateRule: 'Two rules name the same fee head for the same course and batch',
  duplicateName: (name: string) => `A scheme named ${name} exists already`,
  choose: 'Choose students, or a batch and a category',
  inUse: (name: string, students: number) =>
    `${name} has ${students} student${students === 1 ? '' : 's'}; remove them from it before deleting it`,
  becomesDebt: (heads: number) =>
    `Leaving turns ${heads} paid head${heads === 1 ? '' : 's'} into dues again. Confirm to leave anyway.`,
  changed: 'The discounts changed while this was being prepared; preview again',
} as const;

/** A percentage typed as text or number ("25", "12.5"), above 0 and at most 100; parses to basis points. */
export const ZPercent = z.union([z.string(), z.number()], { error: MSG.required }).transform((value, ctx) => {
  const text = String(value).trim();
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: MSG.required });
    return z.NEVER;
  }
  const basisPoints = parseRupeesToPaise(text);
  if (basisPoints === null || basisPoints <= 0 || basisPoints > 10_000) {
    ctx.addIssue({ code: 'custom', message: SCHEME_MSG.percent });
    return z.NEVER;
  }
  return basisPoints;
});

/** One rule as a form sends it: head, course, optional batch, and a percentage or a fixed amount. */
export const ZSchemeRuleInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('percent'),
    feeHeadId: ZId,
    courseId: ZId,
    batchId: ZId.nullish().transform((v) => v ?? null),
    percent: ZPercent,
  }),
  z.object({
    kind: z.literal('fixed'),
    feeHeadId: ZId,
    courseId: ZId,
    batchId: ZId.nullish().transform((v) => v ?? null),
    amount: ZAmount,
  }),
]);
export type TSchemeRuleInput = z.input<typeof ZSchemeRuleInput>;

/** A parsed rule input as stored (one of percent and amount set). */
export function ruleOfInput(rule: z.output<typeof ZSchemeRuleInput>): SchemeRule {
  return {
    feeHeadId: rule.feeHeadId,
    courseId: rule.courseId,
    batchId: rule.batchId,
    percentBasisPoints: rule.kind === 'percent' ? rule.percent : null,
    amountPaise: rule.kind === 'fixed' ? rule.amount : null,
  };
}

const ZSchemeFields = z.object({
  name: requiredText(60),
  rules: z
    .array(ZSchemeRuleInput, { error: SCHEME_MSG.noRules })
    .min(1, SCHEME_MSG.noRules)
    .max(200, MSG.maxRows(200))
    .superRefine((rules, ctx) => {
      const seen = new Set<string>();
      rules.forEach((r, i) => {
        const key = `${r.feeHeadId}:${r.courseId}:${r.batchId ?? ''}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: SCHEME_MSG.duplicateRule, path: [i, 'feeHeadId'] });
        seen.add(key);
      });
    }),
});

export const ZCreateSchemeInput = ZSchemeFields;
export type TCreateSchemeInput = z.output<typeof ZCreateSchemeInput>;

export const ZUpdateSchemeInput = ZSchemeFields.extend({ id: ZId, version: ZVersion });
export type TUpdateSchemeInput = z.output<typeof ZUpdateSchemeInput>;

export const ZSchemeIdInput = z.object({ id: ZId });
export type TSchemeIdInput = z.output<typeof ZSchemeIdInput>;

/** The most students one join or leave names. */
export const SCHEME_STUDENTS_MAX = 2_000;

/**
 * Who joins (or is previewed for) a scheme in one department: the students named, or every student of
 * a batch with a category (all SC/ST students of a batch).
 */
export const ZSchemeStudentsInput = z
  .object({
    schemeId: ZId,
    depId: ZDepId,
    studentIds: z
      .array(ZId)
      .min(1, SCHEME_MSG.choose)
      .max(SCHEME_STUDENTS_MAX, MSG.maxRows(SCHEME_STUDENTS_MAX))
      .optional(),
    batchId: ZId.optional(),
    categoryId: ZId.optional(),
  })
  .refine((v) => (v.studentIds !== undefined) !== (v.batchId !== undefined && v.categoryId !== undefined), {
    message: SCHEME_MSG.choose,
    path: ['studentIds'],
  });
export type TSchemeStudentsInput = z.output<typeof ZSchemeStudentsInput>;

/** A (student, head) pair of a preview. */
export const ZStudentHead = z.object({ studentId: ZId, feeHeadId: ZId });

/**
 * Applying a scheme: the same choice of students; `replace` lists the hand-typed (or other scheme's)
 * discounts the admin chose to overwrite (any other is kept); `allowNegativeBalance` confirms
 * balances below zero.
 */
export const ZApplySchemeInput = ZSchemeStudentsInput.safeExtend({
  replace: z
    .array(ZStudentHead)
    .max(SCHEME_STUDENTS_MAX * 20)
    .optional()
    .default([]),
  allowNegativeBalance: z.boolean().optional().default(false),
});
export type TApplySchemeInput = z.output<typeof ZApplySchemeInput>;

/** Leaving a scheme: named members; `confirm` accepts paid heads turning into dues. */
export const ZLeaveSchemeInput = z.object({
  schemeId: ZId,
  depId: ZDepId,
  studentIds: z.array(ZId).min(1, SCHEME_MSG.choose).max(SCHEME_STUDENTS_MAX, MSG.maxRows(SCHEME_STUDENTS_MAX)),
  confirm: z.boolean().optional().default(false),
});
export type TLeaveSchemeInput = z.output<typeof ZLeaveSchemeInput>;

/** The schemes a student is in, with what each gives them. */
export const ZStudentSchemesInput = z.object({ depId: ZDepId, studentId: ZId });
export type TStudentSchemesInput = z.output<typeof ZStudentSchemesInput>;

/** The members of a scheme in a department. */
export const ZSchemeMembersInput = z.object({ schemeId: ZId, depId: ZDepId });
export type TSchemeMembersInput = z.output<typeof ZSchemeMembersInput>;

/** reports.concessions: per scheme, for a department, one course, or one batch of it. */
export const ZConcessionsInput = z.object({ depId: ZDepId, courseId: ZId.optional(), batchId: ZId.optional() });
export type TConcessionsInput = z.output<typeof ZConcessionsInput>;
