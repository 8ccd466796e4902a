import {
  type AuditActor,
  type Database,
  findReceiptStudentById,
  findStudentById,
  getLetterheadLogo,
  listPaymentLinks,
} from '@fees/db';
import { AppError, formatDate, PAYMENT_LINK_DEFAULT_DAYS, ZDepId } from '@fees/validation';
import { amountInWords } from '@fees/money';
import { assertDepartmentAccess } from '../department-access';
import { currentFamilyUrl } from '../domain/family/token';
import { createLinkFor, gatewayOf } from '../domain/payments/links';
import type { PaymentsSetup } from '../domain/payments/setup';
import { demandNotices } from '../domain/plans/service';
import {
  CONTENT_WIDTH,
  type DocumentOptions,
  drawFields,
  drawFrame,
  drawLetterhead,
  drawQr,
  drawSignature,
  drawTable,
  drawText,
  drawTitle,
  drawVerify,
  finish,
  money,
  newDocument,
  PAGE,
  roomFor,
} from './paper';

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
 * One student's demand notice as one A4 PDF page: what the notices page prints (demandNotices), with
 * the UPI QR code for the total when the department has a UPI ID, beside it the QR of the student's
 * open payment link for the total when there is one, and the family page's link where the app has a
 * public address. NOT_FOUND for no such student, FORBIDDEN for another department's.
 */
export async function demandNoticePdf(db: Database, request: NoticeRequest, options: DocumentOptions): Promise<Buffer> {
  const student = await findStudentById(db, request.studentId);
  if (!student) throw new AppError('NOT_FOUND', 'No such student');
  assertDepartmentAccess(options.access, student.departmentId);
  const depId = ZDepId.parse(student.departmentId);
  const [data, logo] = await Promise.all([
    demandNotices(db, { depId, studentId: student.id, asOf: request.asOf, payBy: request.payBy }),
    getLetterheadLogo(db, depId),
  ]);
  const notice = data.notices[0]!;
  const { letterhead, upi } = data;
  const [payLink, familyUrl] = await Promise.all([
    notice.total > 0 ? openLinkForAmount(db, student, notice.total) : null,
    options.publicUrl ? currentFamilyUrl(db, options.publicUrl, student.id) : null,
  ]);
  const doc = newDocument({ title: `Demand notice ${notice.admissionNo}`, author: letterhead.institutionName });

  let y = drawLetterhead(doc, { ...letterhead, logo });
  y = drawTitle(doc, y, 'DEMAND NOTICE', `Date: ${formatDate(data.asOf)}`);
  y = drawFields(doc, y, [
    { label: 'Name', value: notice.name },
    { label: 'Adm. No', value: notice.admissionNo },
    { label: 'Course', value: notice.courseName },
    { label: 'Batch', value: notice.batchName },
  ]);
  y = drawText(doc, y, `The following fees are due as of ${formatDate(data.asOf)}:`);

  const due = notice.instalments.filter((i) => i.outstanding !== 0 || i.fine !== 0);
  const finePaidOrWaived = notice.fine.paid + notice.fine.waived;
  const amountWidth = 105;
  y = drawTable(
    doc,
    y + 2,
    [
      { header: 'Instalment', width: CONTENT_WIDTH - 80 - 3 * amountWidth + 40 },
      { header: 'Due date', width: 80 },
      { header: 'Outstanding (Rs)', width: amountWidth, align: 'right' },
      { header: 'Days late', width: amountWidth - 40, align: 'right' },
      { header: 'Fine (Rs)', width: amountWidth, align: 'right' },
    ],
    [
      ...(due.length === 0 ? [{ cells: [`Nothing is due as of ${formatDate(data.asOf)}.`], span: 5 }] : []),
      ...due.map((i) => ({
        cells: [
          i.name,
          formatDate(i.dueDate),
          money(i.outstanding),
          i.daysLate > 0 ? String(i.daysLate) : '',
          i.fine > 0 ? money(i.fine) : '',
        ],
      })),
      { cells: ['Fees outstanding', money(notice.outstanding), '', money(notice.fine.accrued)], span: 2 },
      ...(finePaidOrWaived > 0 ? [{ cells: ['Fine paid or waived', `-${money(finePaidOrWaived)}`], span: 4 }] : []),
      {
        cells: [
          `Total to pay (fees ${money(notice.outstanding)} + fine ${money(notice.fine.outstanding)})`,
          money(notice.total),
        ],
        span: 4,
        bold: true,
        shaded: true,
      },
    ],
  );
  y = drawText(doc, y, `Amount in words: ${amountInWords(notice.total)}`, { font: 'Helvetica-Bold', size: 10.5 });
  const ways = [upi && notice.upiLink ? 'by UPI' : null, payLink ? 'online with the payment link' : null].filter(
    Boolean,
  );
  y = drawText(
    doc,
    y + 2,
    `Please pay by ${formatDate(data.payBy)} at the office${ways.length > 0 ? ` or ${ways.join(' or ')}` : ''}. ` +
      'A late fine keeps growing after the due dates as the fee rules say.',
  );
  if (familyUrl) {
    y = drawText(doc, y + 2, `The fees, receipts and paying online: ${familyUrl}`, { size: 8.5 });
  }

  const footTop = roomFor(doc, y + 20, 200);
  const codes = [
    ...(payLink ? [{ text: payLink.shortUrl, label: 'Pay online: card, UPI or net banking' }] : []),
    ...(upi && notice.upiLink ? [{ text: notice.upiLink, label: `UPI: ${upi.upiId}` }] : []),
  ];
  const size = codes.length > 1 ? 96 : 110;
  const verifyBottom = drawVerify(
    doc,
    `${options.origin}${notice.verifyPath}`,
    PAGE.margin,
    footTop,
    CONTENT_WIDTH - codes.length * (size + 12) - 8,
  );
  let signed: number;
  if (codes.length > 0) {
    codes.forEach((code, i) => {
      const x = PAGE.width - PAGE.margin - size - (codes.length - 1 - i) * (size + 12);
      drawQr(doc, code.text, x, footTop, size);
      drawText(doc, footTop + size + 2, code.label, {
        font: 'Helvetica-Bold',
        size: 8,
        x,
        width: size,
        align: 'center',
      });
    });
    drawText(doc, footTop + size + 26, `Scan to pay ${money(notice.total)}${upi ? ` to ${upi.payeeName}` : ''}`, {
      size: 9,
      x: PAGE.margin + CONTENT_WIDTH / 2,
      width: CONTENT_WIDTH / 2,
      align: 'right',
    });
    signed = drawSignature(doc, footTop + size + 52, 'Accounts office');
  } else {
    signed = drawSignature(doc, footTop + 62, 'Accounts office');
  }
  drawFrame(doc, Math.max(verifyBottom, signed));
  return finish(doc, `Demand notice ${notice.admissionNo}`);
}
