import { z } from 'zod';
import { optionalText, requiredText, ZAmount, ZDepId, ZId, ZRecordDate } from './common';
import { ZIdempotencyKey } from './idempotency';
import { MSG } from './messages';
import { MONEY_PAYMENT_MODES } from './receipt-rules';
import { ZPercent } from './schemes';
import { STUDENT_IMPORT_MAX_CHARS, STUDENT_IMPORT_MAX_ROWS, STUDENT_LIMITS } from './students';

/**
 * Scholarships and sponsors: a sponsor covers part of a student's fee heads (owed by the sponsor, not the family),
 * pays for many students with one cheque or transfer, and a sanction that falls short returns to the student.
 */

export const SPONSOR_KINDS = ['government', 'trust', 'other'] as const;
export type TSponsorKind = (typeof SPONSOR_KINDS)[number];
export const SPONSOR_KIND_LABELS: Record<TSponsorKind, string> = {
  government: 'Government scheme',
  trust: 'Trust',
  other: 'Other',
};

/** Sponsor receipts print as SP + number (their own series in each department). */
export function sponsorReceiptLabel(number: number): string {
  return `SP${number}`;
}

export const SPONSOR_MSG = {
  nameTaken: (name: string) => `A sponsor named ${name} already exists`,
  unknownSponsor: 'No such sponsor',
  onePart: 'Give either a percent or an amount',
  overLimit: (field: 'Amount' | 'Percent', head: string, batch: string, limit: string) =>
    `${field}: the share of ${head} can be at most ${limit} ` +
    `(its fee in ${batch} less discounts and other sponsors' shares of ${batch})`,
  notInBatch: (head: string) => `${head} is not a fee of this student`,
  already: (sponsor: string, head: string) => `${sponsor} already covers ${head} for this student`,
  noSponsorship: (who: string, head: string, sponsor: string) => `${sponsor} does not cover ${head} for ${who}`,
  overReceivable: (who: string, head: string, left: string) =>
    `${who}: ${head} has only ${left} still expected from this sponsor`,
  otherDepartment: 'This student is not in this department',
  left: (who: string) => `${who} has left: there is no enrolment to cover`,
  shortfallOver: (left: string) => `The shortfall can be at most ${left}, what is still expected`,
  shortfallTwice: 'A shortfall is already recorded for this sponsorship',
  twice: (who: string, head: string) => `${who}: ${head} is allocated twice`,
  noRows: 'The file has no allocation rows',
  tooManyRows: (rows: number) =>
    `At most ${STUDENT_IMPORT_MAX_ROWS} allocations can be imported at once; this file has ${rows}`,
  unknownStudent: (admissionNo: string) => `No student with admission no ${admissionNo} in this department`,
  unknownHead: (head: string) => `'${head}' is not a fee head`,
} as const;

export const ZCreateSponsorInput = z.object({
  name: requiredText(100),
  kind: z.enum(SPONSOR_KINDS, { error: 'Choose a kind' }).default('other'),
});
export type TCreateSponsorInput = z.input<typeof ZCreateSponsorInput>;

export const ZSponsorsListInput = z.object({ depId: ZDepId });

/** A sponsor's share of one head of one student: a percent of the fee less discounts, or an amount. */
export const ZCreateSponsorshipInput = z
  .object({
    depId: ZDepId,
    sponsorId: ZId,
    studentId: ZId,
    feeHeadId: ZId,
    amount: ZAmount.optional(),
    percent: ZPercent.optional(),
    date: ZRecordDate.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.amount === undefined) === (v.percent === undefined))
      ctx.addIssue({ code: 'custom', message: SPONSOR_MSG.onePart, path: ['amount'] });
  });
export type TCreateSponsorshipInput = z.output<typeof ZCreateSponsorshipInput>;

export const ZRemoveSponsorshipInput = z.object({ depId: ZDepId, id: ZId });
export type TRemoveSponsorshipInput = z.infer<typeof ZRemoveSponsorshipInput>;

/** A sanction that fell short: what the sponsor will not pay returns to the student, due from `date`. */
export const ZRecordShortfallInput = z.object({
  depId: ZDepId,
  id: ZId,
  date: ZRecordDate,
  amount: ZAmount.optional(),
});
export type TRecordShortfallInput = z.infer<typeof ZRecordShortfallInput>;

export const ZSponsorshipsInput = z.object({ depId: ZDepId, sponsorId: ZId.optional(), studentId: ZId.optional() });
export type TSponsorshipsInput = z.infer<typeof ZSponsorshipsInput>;

export const ZSponsorAllocation = z.object({ studentId: ZId, feeHeadId: ZId, amount: ZAmount });

const ZReceiptFields = z.object({
  depId: ZDepId,
  sponsorId: ZId,
  date: ZRecordDate,
  mode: z.enum(MONEY_PAYMENT_MODES, { error: MSG.required }),
  reference: optionalText(100),
});

export const ZCreateSponsorReceiptInput = ZReceiptFields.extend({
  allocations: z
    .array(ZSponsorAllocation, { error: MSG.required })
    .min(1, 'Allocate the receipt to at least one student')
    .max(STUDENT_IMPORT_MAX_ROWS),
  idempotencyKey: ZIdempotencyKey.optional(),
}).superRefine((v, ctx) => {
  if (v.mode !== 'cash' && !v.reference)
    ctx.addIssue({ code: 'custom', message: MSG.paymentReferenceRequired, path: ['reference'] });
});
export type TCreateSponsorReceiptInput = z.infer<typeof ZCreateSponsorReceiptInput>;

export const SPONSOR_CSV_COLUMNS = ['admissionNo', 'head', 'amount'] as const;

/** One row of a sanction list: admission number, head name, amount in rupees. */
export const ZSponsorCsvRow = z.object({
  admissionNo: requiredText(STUDENT_LIMITS.admissionNo),
  head: requiredText(50),
  amount: ZAmount,
});

/** A sanction list as CSV, checked row by row against the sponsor's shares (a receipt's allocations). */
export const ZSponsorImportInput = ZReceiptFields.extend({
  csv: z.string({ error: MSG.required }).min(1, MSG.required).max(STUDENT_IMPORT_MAX_CHARS, MSG.importTooLarge),
  idempotencyKey: ZIdempotencyKey.optional(),
});
export type TSponsorImportInput = z.infer<typeof ZSponsorImportInput>;

export const ZSponsorStatementInput = z.object({ depId: ZDepId, sponsorId: ZId });
export type TSponsorStatementInput = z.infer<typeof ZSponsorStatementInput>;

export const ZSponsorReceivablesInput = z.object({ depId: ZDepId, asOf: ZRecordDate });
export type TSponsorReceivablesInput = z.infer<typeof ZSponsorReceivablesInput>;
