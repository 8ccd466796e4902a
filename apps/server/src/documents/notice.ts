import { type Database, findStudentById, getLetterheadLogo } from '@fees/db';
import { AppError, formatDate, ZDepId } from '@fees/validation';
import { amountInWords } from '@fees/money';
import { assertDepartmentAccess } from '../department-access';
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
 * One student's demand notice as one A4 PDF page: what the notices page prints (demandNotices), with
 * the UPI QR code for the total when the department has a UPI ID. NOT_FOUND for no such student,
 * FORBIDDEN for another department's.
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
  y = drawText(
    doc,
    y + 2,
    `Please pay by ${formatDate(data.payBy)} at the office${upi && notice.upiLink ? ' or by UPI' : ''}. ` +
      'A late fine keeps growing after the due dates as the fee rules say.',
  );

  const footTop = roomFor(doc, y + 20, 190);
  const half = CONTENT_WIDTH / 2;
  const verifyBottom = drawVerify(
    doc,
    `${options.origin}${notice.verifyPath}`,
    PAGE.margin,
    footTop,
    CONTENT_WIDTH - 130,
  );
  let signed: number;
  if (upi && notice.upiLink) {
    const size = 110;
    const x = PAGE.width - PAGE.margin - size;
    drawQr(doc, notice.upiLink, x, footTop, size);
    drawText(doc, footTop + 22, `Scan with any UPI app to pay ${money(notice.total)} to ${upi.payeeName}`, {
      font: 'Helvetica-Bold',
      size: 9,
      x: PAGE.margin + half,
      width: half - size - 8,
      align: 'right',
    });
    drawText(doc, doc.y + 2, `UPI: ${upi.upiId}`, {
      size: 9,
      x: PAGE.margin + half,
      width: half - size - 8,
      align: 'right',
    });
    signed = drawSignature(doc, footTop + size + 40, 'Accounts office');
  } else {
    signed = drawSignature(doc, footTop + 62, 'Accounts office');
  }
  drawFrame(doc, Math.max(verifyBottom, signed));
  return finish(doc, `Demand notice ${notice.admissionNo}`);
}
