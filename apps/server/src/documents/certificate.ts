import { type Database, findCertificate, getLetterheadLogo } from '@fees/db';
import { AppError, formatDate, LEAVING_MSG } from '@fees/validation';
import { amountInWords } from '@fees/money';
import { assertDepartmentAccess } from '../department-access';
import { certificateView } from '../domain/leaving/service';
import {
  CONTENT_WIDTH,
  type DocumentOptions,
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
 * A no-dues certificate as one A4 PDF page, as its page prints it (certificateView): the department's letterhead, the
 * student and their batches, what was paid per head and in all, "nothing outstanding", the issue date and the
 * verification QR code. NOT_FOUND for a number the department has not issued, FORBIDDEN for another department's.
 */
export async function certificatePdf(
  db: Database,
  certificate: { departmentId: number; number: number },
  options: DocumentOptions,
): Promise<Buffer> {
  assertDepartmentAccess(options.access, certificate.departmentId);
  const found = await findCertificate(db, certificate);
  if (!found) throw new AppError('NOT_FOUND', LEAVING_MSG.noCertificate);
  const view = await certificateView(db, found);
  const logo = await getLetterheadLogo(db, view.departmentId);
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
  const verifyBottom = drawVerify(
    doc,
    `${options.origin}${view.verifyPath}`,
    PAGE.margin,
    footTop,
    CONTENT_WIDTH - 170,
  );
  drawFrame(doc, Math.max(verifyBottom, drawSignature(doc, footTop + 62, 'Authorised signatory')));
  return finish(doc, `No-dues certificate ${view.label}`);
}
