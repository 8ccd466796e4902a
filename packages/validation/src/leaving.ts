import { z } from 'zod';
import { dateWithin, requiredText, ZDepId, ZId } from './common';
import { EARLIEST_DATE, formatDate, formatRupees, localToday } from './format';
import { STUDENT_LIMITS } from './students';

/**
 * A student who leaves the institution on a date: their open enrolment ends (left), no instalment due after the date
 * is owed, what fell due stays due. Unpaid dues are warned about and recorded, never a reason to refuse: courts have
 * ruled a transfer certificate cannot be withheld for fees.
 */
export const LEAVING_LIMITS = { reason: 300 } as const;

export const LEAVING_MSG = {
  notEnrolled: (admissionNo: string) => `${admissionNo} has no current enrolment: they left already`,
  beforeStart: (from: string) => `The leaving date cannot be before the enrolment started (${formatDate(from)})`,
  notLeft: (admissionNo: string) => `${admissionNo} has not left`,
  byPromotion: (admissionNo: string) => `${admissionNo} left in a promotion: undo the promotion instead`,
  writtenSince: (what: string) => `${what} since the leaving: it can no longer be undone`,
  owes: (paise: number) => `Rs. ${formatRupees(paise)} is still outstanding: no no-dues certificate can be issued`,
  noCertificate: 'No such certificate',
  certificateBlocksDelete: (who: string) =>
    `${who} cannot be deleted: a no-dues certificate was issued to this student and is kept as a record`,
} as const;

/** The leaving day: a real date, not after today. */
export const ZLeavingDate = dateWithin(
  () => EARLIEST_DATE,
  () => localToday(),
);

const ZStudentOf = z.object({ depId: ZDepId, admNo: requiredText(STUDENT_LIMITS.admissionNo) });

export const ZLeaveStudentInput = ZStudentOf.extend({
  date: ZLeavingDate,
  reason: requiredText(LEAVING_LIMITS.reason),
});
export type TLeaveStudentInput = z.infer<typeof ZLeaveStudentInput>;

/** A student of a department by admission number: undo a leaving, preview one, or issue the no-dues certificate. */
export const ZLeavingStudentInput = ZStudentOf;
export type TLeavingStudentInput = z.infer<typeof ZLeavingStudentInput>;

/** What the leaving dialog shows before it is confirmed: the dues left when leaving on the date. */
export const ZLeavingPreviewInput = ZStudentOf.extend({ date: ZLeavingDate });
export type TLeavingPreviewInput = z.infer<typeof ZLeavingPreviewInput>;

/** An issued no-dues certificate by its number in the department's series. */
export const ZCertificateInput = z.object({ depId: ZDepId, number: ZId });
export type TCertificateInput = z.infer<typeof ZCertificateInput>;

/** A no-dues certificate's label: its department's series, numbered from 1. */
export function certificateLabel(departmentId: number, number: number): string {
  return `ND/${departmentId}/${String(number).padStart(4, '0')}`;
}
