import { z } from 'zod';
import {
  optionalText,
  requiredText,
  ZAdmissionDate,
  ZBirthDate,
  ZDepId,
  ZId,
  ZMustConfirm,
  ZOptionalPhone,
  ZRecordDate,
  ZVersion,
} from './common';
import { GUARDIAN_CSV_COLUMNS, ZGuardianContacts, ZYesNo } from './contacts';
import { MSG } from './messages';

export const STUDENT_GENDERS = ['Male', 'Female', 'Other'] as const;

/** Field limits ; the admission number limit is ours (the spec sets none). */
export const STUDENT_LIMITS = {
  capId: 50,
  name: 50,
  admissionNo: 30,
  address: 200,
  email: 100,
  parentName: 50,
  guardianAddress: 150,
} as const;

const optionalId = z
  .preprocess((v) => (v === '' ? null : v), ZId.nullable())
  .optional()
  .transform((v) => v ?? null);

const optionalEmail = optionalText(STUDENT_LIMITS.email).refine(
  (v) => v === null || /^[^\s@]+@[^\s@]+$/.test(v),
  MSG.invalidEmail,
);

/** The registration and edit form, without the department: one schema for form, tRPC, REST and import. */
export const ZStudentFields = z.object({
  courseId: ZId,
  batchId: ZId,
  capId: requiredText(STUDENT_LIMITS.capId, MSG.maxDigits(STUDENT_LIMITS.capId)),
  name: requiredText(STUDENT_LIMITS.name),
  admissionNo: requiredText(STUDENT_LIMITS.admissionNo),
  admissionDate: ZAdmissionDate,
  categoryId: ZId,
  dateOfBirth: ZBirthDate,
  gender: z.enum(STUDENT_GENDERS, { error: MSG.required }),
  religionId: optionalId,
  email: optionalEmail,
  phone: ZOptionalPhone,
  parentName: optionalText(STUDENT_LIMITS.parentName),
  address: requiredText(STUDENT_LIMITS.address, MSG.maxDigits(STUDENT_LIMITS.address)),
  guardianAddress: optionalText(STUDENT_LIMITS.guardianAddress),
  /** Up to two guardians; left out, an edit keeps the stored ones (older programs do not send them). */
  contacts: ZGuardianContacts.optional(),
  /** The student's own e-mail and phone get no reminders or notices; left out, an edit keeps it. */
  remindersOptOut: ZYesNo.optional(),
  confirm: ZMustConfirm,
});

/** A birth date on or after the admission date is a typing slip. */
function birthBeforeAdmission(v: { dateOfBirth: string; admissionDate: string }, ctx: z.RefinementCtx) {
  if (v.dateOfBirth >= v.admissionDate) {
    ctx.addIssue({ code: 'custom', message: MSG.birthBeforeAdmission, path: ['dateOfBirth'] });
  }
}

/** The form's schema (and one import row's): the fields with their cross-field rule. */
export const ZStudentForm = ZStudentFields.superRefine(birthBeforeAdmission);
export type TStudentForm = z.infer<typeof ZStudentForm>;

export const ZCreateStudentInput = ZStudentFields.extend({ depId: ZDepId }).superRefine(birthBeforeAdmission);
export type TCreateStudentInput = z.infer<typeof ZCreateStudentInput>;

export const ZUpdateStudentInput = ZStudentFields.extend({
  depId: ZDepId,
  id: ZId,
  version: ZVersion,
  /** A changed batch is a transfer on this date (today when left out): the old enrolment ends, a new one starts. */
  transferDate: ZRecordDate.optional(),
}).superRefine(birthBeforeAdmission);
export type TUpdateStudentInput = z.infer<typeof ZUpdateStudentInput>;

export const ZStudentIdInput = z.object({ depId: ZDepId, id: ZId });
export type TStudentIdInput = z.infer<typeof ZStudentIdInput>;

/** The transfer's date is before the enrolment it ends began. */
export const transferBeforeEnrolmentMessage = (from: string) =>
  `The transfer date must be on or after ${from}, when the student joined their current batch`;

export const ZStudentByAdmissionNoInput = z.object({
  depId: ZDepId,
  admissionNo: requiredText(STUDENT_LIMITS.admissionNo),
});
export type TStudentByAdmissionNoInput = z.infer<typeof ZStudentByAdmissionNoInput>;

export const ZStudentsDashboardInput = z.object({ depId: ZDepId });
export type TStudentsDashboardInput = z.infer<typeof ZStudentsDashboardInput>;

export const ZCourseStudentsInput = z.object({ depId: ZDepId, courseId: ZId });
export type TCourseStudentsInput = z.infer<typeof ZCourseStudentsInput>;

/** Columns of the bulk import file, in template order; category and religion are given by name. */
export const STUDENT_CSV_COLUMNS = [
  'admissionNo',
  'capId',
  'name',
  'admissionDate',
  'dateOfBirth',
  'gender',
  'category',
  'religion',
  'email',
  'phone',
  'parentName',
  'address',
  'guardianAddress',
  ...GUARDIAN_CSV_COLUMNS,
] as const;
export type StudentCsvColumn = (typeof STUDENT_CSV_COLUMNS)[number];

/**
 * Largest import file accepted (characters) and most rows in one import: checking 2,000 rows takes
 * about 150 ms of the server's time, so one import never holds other users up for long.
 */
export const STUDENT_IMPORT_MAX_CHARS = 1_000_000;
export const STUDENT_IMPORT_MAX_ROWS = 2000;

export const ZStudentImportInput = z.object({
  depId: ZDepId,
  courseId: ZId,
  batchId: ZId,
  csv: z.string({ error: MSG.required }).min(1, MSG.required).max(STUDENT_IMPORT_MAX_CHARS, MSG.importTooLarge),
});
export type TStudentImportInput = z.infer<typeof ZStudentImportInput>;

/** Labels of the form's fields; import messages name the field the same way the form does. */
export const STUDENT_FIELD_LABELS: Record<keyof TStudentForm, string> = {
  courseId: 'Course',
  batchId: 'Batch',
  capId: 'CAP ID',
  name: 'Name',
  admissionNo: 'Admission no',
  admissionDate: 'Admission date',
  categoryId: 'Category',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  religionId: 'Religion',
  email: 'Email',
  phone: 'Phone',
  parentName: 'Parent',
  address: 'Address',
  guardianAddress: 'Guardian address',
  contacts: 'Guardians',
  remindersOptOut: 'No reminders',
  confirm: 'Confirm',
};
