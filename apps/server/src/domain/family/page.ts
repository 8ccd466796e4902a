/**
 * What the family page shows and does, for the one student its token opens: the student's name and
 * admission number, the dues as of today per instalment (the counter's computation, studentDuesView),
 * the latest receipts, and paying the dues through a payment link (an open one for the same amount
 * reused, else a new one made at the gateway). Nothing here takes a department or another student.
 */
import {
  type Database,
  findReceiptStudentById,
  latestReceiptsOfStudent,
  listLetterheads,
  listPaymentLinks,
  type ReceiptStudent,
} from '@fees/db';
import { FAMILY_PAGE_RECEIPTS, PAYMENT_LINK_DEFAULT_DAYS, refuse } from '@fees/validation';
import { today } from '../../config';
import { createLinkFor } from '../payments/links';
import type { PaymentsSetup } from '../payments/setup';
import { studentDuesView } from '../plans/service';
import { studentOfFamilyToken } from './token';

/** A link reused for Pay must stay payable at least this long: the family is about to pay it. */
const REUSE_MIN_LIFE_MS = 60 * 60_000;

/** The student of a valid token, or null: a bad, tampered, older or revoked token, or a student gone. */
export async function familyStudent(db: Database, token: string): Promise<ReceiptStudent | null> {
  const studentId = await studentOfFamilyToken(db, token);
  return studentId === null ? null : findReceiptStudentById(db, studentId);
}

export async function familyPage(db: Database, student: ReceiptStudent) {
  const asOf = today();
  const [dues, receipts, letterheads] = await Promise.all([
    studentDuesView(db, student, asOf),
    latestReceiptsOfStudent(db, { studentId: student.id, limit: FAMILY_PAGE_RECEIPTS }),
    listLetterheads(db),
  ]);
  return {
    institution: letterheads.find((l) => l.depId === student.departmentId)?.institutionName ?? '',
    name: student.name,
    admissionNo: student.admissionNo,
    asOf,
    instalments: dues.instalments.filter((i) => i.outstanding !== 0 || i.fine !== 0),
    fine: dues.fine.outstanding,
    toCollect: dues.toCollect,
    upcoming: dues.upcoming.filter((i) => i.outstanding > 0),
    receipts,
  };
}

/** Whether a receipt of this number is the student's: the page downloads only those. */
export async function isReceiptOfStudent(db: Database, student: ReceiptStudent, number: number): Promise<boolean> {
  const receipts = await latestReceiptsOfStudent(db, { studentId: student.id, limit: FAMILY_PAGE_RECEIPTS });
  return receipts.some((r) => r.number === number);
}

/** The gateway's page for the dues as of today: an open link for that amount, or a new one. */
export async function payDues(db: Database, setup: PaymentsSetup, student: ReceiptStudent, ip: string) {
  const dues = await studentDuesView(db, student, today());
  if (dues.toCollect <= 0) refuse('BAD_INPUT', 'Nothing is due today');
  const open = await listPaymentLinks(db, {
    departmentId: student.departmentId,
    studentId: student.id,
    status: 'created',
    limit: 20,
  });
  const payableUntil = Date.now() + REUSE_MIN_LIFE_MS;
  const reused = open.find((l) => l.amountPaise === dues.toCollect && Date.parse(l.expiresAt) > payableUntil);
  if (reused) return { url: reused.shortUrl, amountPaise: reused.amountPaise };
  const made = await createLinkFor(db, setup, { userId: null, email: null, ip }, student, {
    expiresInDays: PAYMENT_LINK_DEFAULT_DAYS,
    send: false,
  });
  return { url: made.shortUrl, amountPaise: made.amountPaise };
}
