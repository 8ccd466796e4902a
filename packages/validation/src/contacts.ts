import { z } from 'zod';
import { optionalText, requiredText, ZDepId } from './common';
import { MSG } from './messages';

/** Field limits of a guardian contact. */
export const CONTACT_LIMITS = { name: 50, relation: 30, email: 100 } as const;

/** A student has at most this many guardian contacts besides their own e-mail and phone. */
export const MAX_GUARDIANS = 2;

export const CONTACT_MESSAGES = {
  invalidMobile: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9 (+91 or 0 in front is fine)',
  mobileOrEmail: 'Give a mobile number or an e-mail address',
  tooManyGuardians: `At most ${MAX_GUARDIANS} guardians`,
} as const;

/**
 * An Indian mobile number as typed (spaces, dashes, +91, 91 or 0 in front) in the one form messages are
 * sent to: +91 and the 10 digits. Null when it is not one.
 */
export function indianMobile(text: string | null): string | null {
  const digits = (text ?? '').replace(/[\s-]/g, '');
  const match = /^(?:\+?91|0)?([6-9]\d{9})$/.exec(digits);
  return match ? `+91${match[1]}` : null;
}

/** An optional mobile (see indianMobile): empty becomes null. */
export const ZOptionalMobile = z
  .string()
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const mobile = indianMobile(v);
    if (mobile === null) {
      ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.invalidMobile });
      return z.NEVER;
    }
    return mobile;
  });

const ZContactEmail = optionalText(CONTACT_LIMITS.email)
  .refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), MSG.invalidEmail)
  .transform((v) => v?.toLowerCase() ?? null);

/** A yes or no typed in a file or sent by a program: true, false, yes, no, 1, 0, y, n; empty is no. */
export const ZYesNo = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v ?? false;
    const text = v.trim().toLowerCase();
    if (['yes', 'y', 'true', '1'].includes(text)) return true;
    if (['no', 'n', 'false', '0', ''].includes(text)) return false;
    return v;
  },
  z.boolean({ error: 'Answer yes or no' }),
);

/** One guardian: who, how to reach them, and whether reminders and notices may go to them. */
export const ZGuardianContact = z
  .object({
    name: requiredText(CONTACT_LIMITS.name),
    relation: requiredText(CONTACT_LIMITS.relation),
    mobile: ZOptionalMobile,
    email: ZContactEmail,
    /** The mobile takes WhatsApp messages. */
    whatsapp: ZYesNo.default(false),
    /** No reminders or notices; receipts, voids and refunds still go, as proof of payment. */
    remindersOptOut: ZYesNo.default(false),
  })
  .superRefine((v, ctx) => {
    if (v.mobile === null && v.email === null)
      ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.mobileOrEmail, path: ['mobile'] });
    if (v.whatsapp && v.mobile === null)
      ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.invalidMobile, path: ['mobile'] });
  });
export type TGuardianContact = z.infer<typeof ZGuardianContact>;

export const ZGuardianContacts = z.array(ZGuardianContact).max(MAX_GUARDIANS, CONTACT_MESSAGES.tooManyGuardians);

/** Columns of the contacts import file, in template order: one row per student, up to two guardians. */
export const CONTACT_CSV_COLUMNS = [
  'admissionNo',
  'guardian1Name',
  'guardian1Relation',
  'guardian1Mobile',
  'guardian1Email',
  'guardian1WhatsApp',
  'guardian1OptOut',
  'guardian2Name',
  'guardian2Relation',
  'guardian2Mobile',
  'guardian2Email',
  'guardian2WhatsApp',
  'guardian2OptOut',
] as const;
export type ContactCsvColumn = (typeof CONTACT_CSV_COLUMNS)[number];

/** Labels of a guardian's fields, as the form shows them (import messages use them too). */
export const CONTACT_FIELD_LABELS: Record<keyof TGuardianContact, string> = {
  name: 'Name',
  relation: 'Relation',
  mobile: 'Mobile',
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  remindersOptOut: 'No reminders',
};

export const ZContactImportInput = z.object({
  depId: ZDepId,
  csv: z.string({ error: MSG.required }).min(1, MSG.required).max(1_000_000, MSG.importTooLarge),
});
export type TContactImportInput = z.infer<typeof ZContactImportInput>;

const GUARDIAN_FIELDS = ['Name', 'Relation', 'Mobile', 'Email', 'WhatsApp', 'OptOut'] as const;
const FIELD_OF_COLUMN = {
  Name: 'name',
  Relation: 'relation',
  Mobile: 'mobile',
  Email: 'email',
  WhatsApp: 'whatsapp',
  OptOut: 'remindersOptOut',
} as const satisfies Record<(typeof GUARDIAN_FIELDS)[number], keyof TGuardianContact>;

/** The guardian columns of an import file (the contacts import's, and the students import's too). */
export const GUARDIAN_CSV_COLUMNS = CONTACT_CSV_COLUMNS.filter((c) => c !== 'admissionNo');

/**
 * The guardians typed in an import row, as ZGuardianContacts takes them: guardian 1 and 2 from their
 * columns, one whose columns are all empty left out.
 */
export function guardiansOfRow(values: Readonly<Record<string, string | undefined>>): Array<Record<string, string>> {
  return [1, 2].flatMap((n) => {
    const entries = GUARDIAN_FIELDS.map((f) => [FIELD_OF_COLUMN[f], (values[`guardian${n}${f}`] ?? '').trim()]);
    return entries.some(([, v]) => v !== '') ? [Object.fromEntries(entries)] : [];
  });
}

/** An import message's field name for a guardian's issue ("Guardian 1 mobile"), by its path under contacts. */
export function guardianFieldLabel(path: ReadonlyArray<PropertyKey>): string {
  const [index, field] = path;
  if (typeof index !== 'number') return 'Guardians';
  const label = CONTACT_FIELD_LABELS[field as keyof TGuardianContact];
  return `Guardian ${index + 1}${label ? ` ${label.toLowerCase()}` : ''}`;
}
