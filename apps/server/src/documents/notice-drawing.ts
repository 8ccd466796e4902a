import { amountInWords } from '@fees/money';
import { formatDate } from '@fees/validation';
import type { DemandNotices } from '../domain/plans/service';
import {
  type DocumentLogo,
  CONTENT_WIDTH,
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

/**
 * Everything one student's demand notice shows, read from the database beforehand (notice.ts): drawing it
 * needs no database, so it can be drawn on the drawing thread (document.worker.ts) from a copy of this.
 */
export interface NoticeDrawing {
  notice: DemandNotices['notices'][number];
  letterhead: DemandNotices['letterhead'];
  upi: DemandNotices['upi'];
  /** yyyy-MM-dd: the dues and fines as of this day, and the day the family is asked to pay by. */
  asOf: string;
  payBy: string;
  logo: DocumentLogo;
  /** The student's open payment link for the notice's total, printed as a QR code beside the UPI one. */
  payLinkUrl: string | null;
  /** The family page's link, where the app has a public address. */
  familyUrl: string | null;
  /** The verification link its QR code opens. */
  verifyUrl: string;
}

/**
 * One student's demand notice as one A4 PDF page, with the UPI QR code for the total when the department has a
 * UPI ID and beside it the QR of the student's open payment link for the total when there is one.
 */
export function drawNotice(drawing: NoticeDrawing): Promise<Buffer> {
  const { notice, letterhead, upi, asOf, payBy, logo, payLinkUrl, familyUrl, verifyUrl } = drawing;
  const doc = newDocument({ title: `Demand notice ${notice.admissionNo}`, author: letterhead.institutionName });

  let y = drawLetterhead(doc, { ...letterhead, logo });
  y = drawTitle(doc, y, 'DEMAND NOTICE', `Date: ${formatDate(asOf)}`);
  y = drawFields(doc, y, [
    { label: 'Name', value: notice.name },
    { label: 'Adm. No', value: notice.admissionNo },
    { label: 'Course', value: notice.courseName },
    { label: 'Batch', value: notice.batchName },
  ]);
  y = drawText(doc, y, `The following fees are due as of ${formatDate(asOf)}:`);

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
      ...(due.length === 0 ? [{ cells: [`Nothing is due as of ${formatDate(asOf)}.`], span: 5 }] : []),
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
  const ways = [upi && notice.upiLink ? 'by UPI' : null, payLinkUrl ? 'online with the payment link' : null].filter(
    Boolean,
  );
  y = drawText(
    doc,
    y + 2,
    `Please pay by ${formatDate(payBy)} at the office${ways.length > 0 ? ` or ${ways.join(' or ')}` : ''}. ` +
      'A late fine keeps growing after the due dates as the fee rules say.',
  );
  if (familyUrl) {
    y = drawText(doc, y + 2, `The fees, receipts and paying online: ${familyUrl}`, { size: 8.5 });
  }

  const footTop = roomFor(doc, y + 20, 200);
  const codes = [
    ...(payLinkUrl ? [{ text: payLinkUrl, label: 'Pay online: card, UPI or net banking' }] : []),
    ...(upi && notice.upiLink ? [{ text: notice.upiLink, label: `UPI: ${upi.upiId}` }] : []),
  ];
  const size = codes.length > 1 ? 96 : 110;
  const verifyBottom = drawVerify(doc, verifyUrl, PAGE.margin, footTop, CONTENT_WIDTH - codes.length * (size + 12) - 8);
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
