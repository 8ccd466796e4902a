/**
 * GET /verify/{number}/{code}: the public page a receipt's QR code opens, without signing in. With
 * the right code it shows only the institution, receipt number, date, amount, the student's
 * initials and admission number, and whether the receipt is valid or VOIDED (with the void date).
 * Anything else (a wrong code, a changed number, no such receipt) is "Not a valid receipt" and
 * nothing more. GET /verify/no-dues/{depId}/{number}/{code} does the same for a no-dues certificate. Rate-limited per
 * address (limiter.ts).
 */
import { findCertificate, findReceiptByNumber, findStudentById, listLetterheads } from '@fees/db';
import { certificateLabel, formatDate, formatRupees, receiptLabel, ZDate } from '@fees/validation';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { today } from '../config';
import type { ServerDeps } from '../context';
import { isValidCertificateCode, isValidCode, isValidNoticeCode } from './code';
import { escapeHtml, publicPage, sendPublicPage } from '../public-page';
import { VerifyLimiter } from './limiter';

/** "Ravi Kumar S" -> "R. K. S." */
export function initialsOf(name: string): string {
  return name
    .split(/[\s.]+/)
    .filter(Boolean)
    .map((part) => `${part[0]!.toUpperCase()}.`)
    .join(' ');
}

const VERIFY_STYLE = `
.status { font-size: 1.5rem; font-weight: 700; padding: 0.5rem 0.75rem; border-radius: 6px; margin: 0 0 1rem; }
.valid { background: #e6f4ea; color: #1e6b34; }
.voided { background: #fde8e8; color: #a61b1b; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; margin: 0; }
dt { color: #5c5f66; }
dd { margin: 0; font-weight: 600; }
`;

const page = (title: string, body: string) => publicPage(title, body, { style: VERIFY_STYLE });

const NOT_VALID = page('Not a valid receipt', '<h1>Not a valid receipt</h1>');
const NOT_VALID_NOTICE = page('Not a valid demand notice', '<h1>Not a valid demand notice</h1>');
const NOT_VALID_CERTIFICATE = page('Not a valid certificate', '<h1>Not a valid no-dues certificate</h1>');

const definitionList = (fields: Array<[string, string]>) =>
  `<dl>\n${fields.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`).join('\n')}\n</dl>`;

const send = (reply: FastifyReply, status: number, html: string) => sendPublicPage(reply, status, html);

export async function verifyRoutes(app: FastifyInstance, { deps }: { deps: ServerDeps }): Promise<void> {
  const limiter = new VerifyLimiter();
  const tooMany = (reply: FastifyReply) =>
    send(
      reply.header('retry-after', '60'),
      429,
      page('Too many attempts', '<h1>Too many attempts</h1><p>Please try again in a minute.</p>'),
    );

  // A demand notice: only the institution, the student's initials and admission number, the as-of date and the total.
  app.get('/verify/notice/:studentId/:asOf/:total/:code', async (req, reply) => {
    if (!limiter.allow(req.ip)) return tooMany(reply);
    // Counted as wrong until the code checks out: the lookups await, and guesses sent together must all count.
    limiter.recordWrong(req.ip);
    const params = req.params as { studentId: string; asOf: string; total: string; code: string };
    const studentId = /^\d{1,9}$/.test(params.studentId) ? Number(params.studentId) : null;
    const totalPaise = /^\d{1,12}$/.test(params.total) ? Number(params.total) : null;
    const student = studentId === null ? null : await findStudentById(deps.db, studentId);
    const notice =
      student && totalPaise !== null && ZDate.safeParse(params.asOf).success
        ? { studentId: student.id, asOf: params.asOf, totalPaise }
        : null;
    if (!student || !notice || !(await isValidNoticeCode(deps.db, notice, params.code)))
      return send(reply, 404, NOT_VALID_NOTICE);
    limiter.forgiveWrong(req.ip);
    const letterhead = (await listLetterheads(deps.db)).find((l) => l.depId === student.departmentId);
    const fields: Array<[string, string]> = [
      ['Institution', letterhead?.institutionName ?? ''],
      ['Student', initialsOf(student.name)],
      ['Admission number', student.admissionNo],
      ['As of', formatDate(notice.asOf)],
      ['Total demanded', `₹ ${formatRupees(notice.totalPaise)}`],
    ];
    return send(
      reply,
      200,
      page(
        'Demand notice',
        `<h1>Demand notice verification</h1>\n` +
          `<p class="status valid">Valid demand notice</p>\n${definitionList(fields)}`,
      ),
    );
  });

  // A no-dues certificate: the institution, its number, the student's initials and admission number, the issue date.
  app.get('/verify/no-dues/:depId/:number/:code', async (req, reply) => {
    if (!limiter.allow(req.ip)) return tooMany(reply);
    limiter.recordWrong(req.ip);
    const params = req.params as { depId: string; number: string; code: string };
    const departmentId = /^\d{1,9}$/.test(params.depId) ? Number(params.depId) : null;
    const number = /^\d{1,9}$/.test(params.number) ? Number(params.number) : null;
    const certificate =
      departmentId === null || number === null ? null : await findCertificate(deps.db, { departmentId, number });
    const student = certificate ? await findStudentById(deps.db, certificate.studentId) : null;
    if (!certificate || !student || !(await isValidCertificateCode(deps.db, certificate, params.code)))
      return send(reply, 404, NOT_VALID_CERTIFICATE);
    limiter.forgiveWrong(req.ip);
    const letterhead = (await listLetterheads(deps.db)).find((l) => l.depId === certificate.departmentId);
    const label = certificateLabel(certificate.departmentId, certificate.number);
    const fields: Array<[string, string]> = [
      ['Institution', letterhead?.institutionName ?? ''],
      ['Certificate number', label],
      ['Student', initialsOf(student.name)],
      ['Admission number', student.admissionNo],
      ['Issued on', formatDate(certificate.issuedOn)],
    ];
    return send(
      reply,
      200,
      page(
        `No-dues certificate ${label}`,
        `<h1>No-dues certificate verification</h1>\n` +
          `<p class="status valid">Valid certificate: nothing was outstanding when it was issued</p>\n` +
          definitionList(fields),
      ),
    );
  });

  app.get('/verify/:number/:code', async (req, reply) => {
    if (!limiter.allow(req.ip)) return tooMany(reply);
    limiter.recordWrong(req.ip);
    const { number: numberText, code } = req.params as { number: string; code: string };
    const number = /^\d{1,9}$/.test(numberText) ? Number(numberText) : null;
    const receipt = number === null ? null : await findReceiptByNumber(deps.db, number);
    if (!receipt || !(await isValidCode(deps.db, receipt, code))) return send(reply, 404, NOT_VALID);
    limiter.forgiveWrong(req.ip);
    const voidedOn = receipt.voidedAt ? ` on ${formatDate(today(new Date(receipt.voidedAt)))}` : '';
    const status =
      receipt.status === 'voided'
        ? `<p class="status voided">VOIDED${voidedOn}</p>`
        : '<p class="status valid">Valid receipt</p>';
    const fields: Array<[string, string]> = [
      ['Institution', receipt.letterheadName],
      ['Receipt number', receiptLabel(receipt.number)],
      ['Date', formatDate(receipt.date)],
      ['Amount', `₹ ${formatRupees(receipt.netPaise)}`],
      ['Student', initialsOf(receipt.studentName)],
      ['Admission number', receipt.admissionNo],
    ];
    return send(
      reply,
      200,
      page(
        `Receipt ${receiptLabel(receipt.number)}`,
        `<h1>Receipt verification</h1>\n${status}\n${definitionList(fields)}`,
      ),
    );
  });
}
