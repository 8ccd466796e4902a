import {
  type AuditActor,
  type Database,
  findReceiptStudentById,
  findStudentById,
  getLetterheadLogo,
  listPaymentLinks,
} from '@fees/db';
import { AppError, formatDate, PAYMENT_LINK_DEFAULT_DAYS, ZDepId } from '@fees/validation';
import { assertDepartmentAccess } from '../department-access';
import { currentFamilyUrl } from '../domain/family/token';
import { createLinkFor, gatewayOf } from '../domain/payments/links';
import type { PaymentsSetup } from '../domain/payments/setup';
import { demandNotices } from '../domain/plans/service';
import { drawNotice, type NoticeDrawing } from './notice-drawing';
import type { DocumentOptions } from './paper';

export interface NoticeRequest {
  studentId: number;
  /** yyyy-MM-dd: the dues and fines as of this day. */
  asOf: string;
  /** yyyy-MM-dd: the day the notice asks the family to pay by. */
  payBy: string;
}

/**
 * The student's open payment link for exactly this amount, payable a day more at least: the one a
 * notice prints (a link for another amount would ask the family for a different figure).
 */
export async function openLinkForAmount(db: Database, student: { id: number; departmentId: number }, paise: number) {
  const open = await listPaymentLinks(db, {
    departmentId: student.departmentId,
    studentId: student.id,
    status: 'created',
    limit: 20,
  });
  const payableUntil = Date.now() + 86_400_000;
  return open.find((l) => l.amountPaise === paise && Date.parse(l.expiresAt) > payableUntil) ?? null;
}

/**
 * "With payment link": the notice's total gets a link (the open one for it reused, else one made at
 * the gateway, audited as the staff member's) before the notice is drawn, which then prints its QR.
 */
export async function noticePaymentLink(
  db: Database,
  setup: PaymentsSetup | null,
  options: DocumentOptions & { actor: AuditActor },
  request: NoticeRequest,
): Promise<void> {
  const student = await findReceiptStudentById(db, request.studentId);
  if (!student) throw new AppError('NOT_FOUND', 'No such student');
  assertDepartmentAccess(options.access, student.departmentId);
  const gateway = gatewayOf({ payments: setup });
  const depId = ZDepId.parse(student.departmentId);
  const data = await demandNotices(db, { depId, studentId: student.id, asOf: request.asOf, payBy: request.payBy });
  const total = data.notices[0]?.total ?? 0;
  if (total <= 0) throw new AppError('BAD_INPUT', `${student.name} has nothing due as of ${formatDate(request.asOf)}`);
  if (await openLinkForAmount(db, student, total)) return;
  await createLinkFor(db, gateway, options.actor, student, {
    amount: total,
    expiresInDays: PAYMENT_LINK_DEFAULT_DAYS,
    send: false,
  });
}

/**
 * What one student's demand notice shows, read from the database beforehand (what the notices page prints,
 * demandNotices; the open payment link for the total; the family page's link where the app has a public
 * address): drawing it needs no database, so it can be drawn on the drawing thread. NOT_FOUND for no such
 * student, FORBIDDEN for another department's.
 */
export async function noticeDrawing(
  db: Database,
  request: NoticeRequest,
  options: DocumentOptions,
): Promise<NoticeDrawing> {
  const student = await findStudentById(db, request.studentId);
  if (!student) throw new AppError('NOT_FOUND', 'No such student');
  assertDepartmentAccess(options.access, student.departmentId);
  const depId = ZDepId.parse(student.departmentId);
  const [data, logo] = await Promise.all([
    demandNotices(db, { depId, studentId: student.id, asOf: request.asOf, payBy: request.payBy }),
    getLetterheadLogo(db, depId),
  ]);
  const notice = data.notices[0]!;
  const [payLink, familyUrl] = await Promise.all([
    notice.total > 0 ? openLinkForAmount(db, student, notice.total) : null,
    options.publicUrl ? currentFamilyUrl(db, options.publicUrl, student.id) : null,
  ]);
  return {
    notice,
    letterhead: data.letterhead,
    upi: data.upi,
    asOf: data.asOf,
    payBy: data.payBy,
    logo,
    payLinkUrl: payLink?.shortUrl ?? null,
    familyUrl,
    verifyUrl: `${options.origin}${notice.verifyPath}`,
  };
}

/** One student's demand notice as one A4 PDF page (noticeDrawing, drawNotice). */
export async function demandNoticePdf(db: Database, request: NoticeRequest, options: DocumentOptions): Promise<Buffer> {
  return drawNotice(await noticeDrawing(db, request, options));
}
