import { amountInWords } from '@fees/money';
import {
  formatDate,
  gstLineText,
  gstRateText,
  PAYMENT_MODE_LABELS,
  paymentPartTexts,
  receiptLabel,
} from '@fees/validation';
import type { ReceiptView } from '../domain/receipts/service';
import {
  type DocumentLogo,
  CONTENT_WIDTH,
  drawFields,
  drawFrame,
  drawLetterhead,
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
  VOID_RED,
} from './paper';

/**
 * Everything the printed receipt shows, read from the database beforehand: drawing it needs no database, so
 * it can be drawn on another thread (document.worker.ts) from a copy of this.
 */
export interface ReceiptDrawing {
  receipt: ReceiptView['receipt'];
  lines: ReceiptView['lines'];
  taxByRate: ReceiptView['taxByRate'];
  payments: ReceiptView['payments'];
  letterhead: ReceiptView['letterhead'];
  logo: DocumentLogo;
  /** The verification link its QR code opens. */
  verifyUrl: string;
  /** The day a voided receipt was voided (yyyy-MM-dd in the office's time zone). */
  voidedOn: string | null;
  /** A duplicate's reprint date (yyyy-MM-dd). */
  duplicateOn?: string;
}

/**
 * The printed receipt as one A4 PDF page, with a voided receipt stamped VOIDED with its void date, and a
 * duplicate marked DUPLICATE with the reprint's date.
 */
export function drawReceipt(drawing: ReceiptDrawing): Promise<Buffer> {
  const { receipt, lines, taxByRate, payments, letterhead, logo, verifyUrl, voidedOn, duplicateOn } = drawing;
  const label = receiptLabel(receipt.number);
  const doc = newDocument({ title: `Receipt ${label}`, author: letterhead.institutionName });

  const voided = receipt.status === 'voided';
  // The stamp goes down first, so the lines, figures and QR code print over it and stay readable.
  if (voided) {
    doc.save();
    doc.rotate(-30, { origin: [PAGE.width / 2, 330] });
    doc.font('Helvetica-Bold').fontSize(120).fillColor(VOID_RED).fillOpacity(0.1);
    doc.text('VOIDED', 0, 270, { width: PAGE.width, align: 'center', lineBreak: false });
    doc.restore();
  }
  let y = drawLetterhead(doc, { ...letterhead, departmentName: receipt.departmentName, logo });
  if (receipt.gstin) y = drawText(doc, y, `GSTIN ${receipt.gstin}`, { font: 'Helvetica-Bold', size: 10.5 }) + 2;
  y = drawTitle(doc, y, duplicateOn ? 'FEE RECEIPT - DUPLICATE' : 'FEE RECEIPT', `Receipt No ${label}`);
  if (duplicateOn) {
    y = drawText(doc, y, `DUPLICATE printed on ${formatDate(duplicateOn)}`, { font: 'Helvetica-Bold', size: 11 });
    y += 6;
  }
  if (voided) {
    const on = voidedOn ? ` on ${formatDate(voidedOn)}` : '';
    doc.rect(PAGE.margin, y - 4, CONTENT_WIDTH, 24).fill(VOID_RED);
    drawText(doc, y + 2, `VOIDED${on}. This receipt counts in no total.`, {
      font: 'Helvetica-Bold',
      size: 12,
      color: '#ffffff',
      align: 'left',
      x: PAGE.margin + 10,
    });
    y += 30;
  }
  y = drawFields(doc, y, [
    { label: 'Name', value: receipt.studentName },
    { label: 'Date', value: formatDate(receipt.date) },
    { label: 'Adm. No', value: receipt.admissionNo },
    { label: 'Receipt No', value: label },
    { label: 'Course', value: receipt.courseName },
    { label: 'Batch', value: receipt.batchName },
    { label: 'Address', value: receipt.address ?? '', wide: true },
  ]);

  const amountWidth = 120;
  y = drawTable(
    doc,
    y,
    [
      { header: '#', width: 30 },
      { header: 'Fee type', width: 150 },
      { header: 'Particulars', width: CONTENT_WIDTH - 30 - 150 - amountWidth },
      { header: 'Amount (Rs)', width: amountWidth, align: 'right' },
    ],
    [
      ...lines.map((line) => ({
        cells: [String(line.lineNo), gstLineText(line), line.particulars, money(line.amountPaise)],
      })),
      { cells: ['Total', money(receipt.totalPaise)], span: 3 },
      ...taxByRate.map((rate) => ({ cells: [gstRateText(rate), money(rate.taxPaise)], span: 3 })),
      { cells: ['Net amount', money(receipt.netPaise)], span: 3, bold: true, shaded: true },
    ],
  );
  y = drawText(doc, y, `Amount in words: ${amountInWords(receipt.netPaise)}`, { font: 'Helvetica-Bold', size: 10.5 });

  if (payments.length > 1) {
    y = drawText(doc, y + 4, 'Paid by:');
    for (const text of paymentPartTexts(payments, receipt)) y = drawText(doc, y, `    ${text}`);
  } else {
    const payment = [`Paid by ${PAYMENT_MODE_LABELS[receipt.paymentMode]}`];
    if (receipt.paymentReference) payment.push(`Ref. ${receipt.paymentReference}`);
    if (receipt.bank)
      payment.push(`${receipt.bank}, dated ${formatDate(receipt.instrumentDate)} (subject to realisation)`);
    y = drawText(doc, y + 4, payment.join('  ·  '));
  }
  const receivedBy = receipt.createdByName || receipt.createdByEmail;
  if (receivedBy) y = drawText(doc, y, `Received by ${receivedBy}`);

  const footTop = roomFor(doc, y + 24, 130);
  const verifyBottom = drawVerify(doc, verifyUrl, PAGE.margin, footTop, CONTENT_WIDTH - 170);
  drawFrame(doc, Math.max(verifyBottom, drawSignature(doc, footTop + 62, 'Authorised signatory')));

  return finish(doc, `Receipt ${label}`);
}
