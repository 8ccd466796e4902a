import { formatDate } from '@fees/validation';
import { amountInWords } from '@fees/money';
import type { CertificateView } from '../domain/leaving/service';
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
} from './paper';

/**
 * Everything the no-dues certificate shows, read from the database beforehand (certificate.ts), so that it is
 * drawn on the drawing thread (document.worker.ts) from a copy of this.
 */
export interface CertificateDrawing {
  view: CertificateView;
  logo: DocumentLogo;
  /** The verification link its QR code opens. */
  verifyUrl: string;
}

/**
 * A no-dues certificate as one A4 PDF page, as its page prints it: the department's letterhead, the student and
 * their batches, what was paid per head and in all, "nothing outstanding", the issue date and the verification QR
 * code.
 */
export function drawCertificate({ view, verifyUrl, logo }: CertificateDrawing): Promise<Buffer> {
  const doc = newDocument({ title: `No-dues certificate ${view.label}`, author: view.letterhead.institutionName });

  let y = drawLetterhead(doc, { ...view.letterhead, logo });
  y = drawTitle(doc, y, 'NO-DUES CERTIFICATE', `No ${view.label}  ·  ${formatDate(view.issuedOn)}`);
  y = drawFields(doc, y, [
    { label: 'Name', value: view.student.name },
    { label: 'Adm. No', value: view.student.admissionNo },
    { label: 'Parent', value: view.student.parentName ?? '' },
    { label: 'Left on', value: formatDate(view.leftOn) },
  ]);
  y = drawTable(
    doc,
    y,
    [
      { header: 'Batch', width: 170 },
      { header: 'Course', width: CONTENT_WIDTH - 170 - 200 },
      { header: 'From', width: 100 },
      { header: 'To', width: 100 },
    ],
    view.batches.map((b) => ({
      cells: [b.batchName, b.courseName, formatDate(b.fromDate), formatDate(b.toDate)],
    })),
  );
  const amount = 105;
  y = drawTable(
    doc,
    y,
    [
      { header: 'Fee head', width: CONTENT_WIDTH - 3 * amount },
      { header: 'Fee (Rs)', width: amount, align: 'right' },
      { header: 'Concession (Rs)', width: amount, align: 'right' },
      { header: 'Paid (Rs)', width: amount, align: 'right' },
    ],
    [
      ...view.heads.map((h) => ({ cells: [h.feeHead, money(h.feePaise), money(h.discountPaise), money(h.paidPaise)] })),
      { cells: ['Paid in all', money(view.paidPaise)], span: 3, bold: true, shaded: true },
    ],
  );
  y = drawText(doc, y, `Amount paid in words: ${amountInWords(view.paidPaise)}`, { size: 10 });
  y = drawText(
    doc,
    y + 6,
    `This is to certify that nothing is outstanding from ${view.student.name} (admission number ` +
      `${view.student.admissionNo}) to ${view.letterhead.institutionName || 'the institution'} on any fee, fine or ` +
      `charge as on ${formatDate(view.issuedOn)}.`,
    { font: 'Helvetica-Bold', size: 11 },
  );

  const footTop = roomFor(doc, y + 24, 130);
  const verifyBottom = drawVerify(doc, verifyUrl, PAGE.margin, footTop, CONTENT_WIDTH - 170);
  drawFrame(doc, Math.max(verifyBottom, drawSignature(doc, footTop + 62, 'Authorised signatory')));
  return finish(doc, `No-dues certificate ${view.label}`);
}
