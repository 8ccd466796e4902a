/**
 * Receipt verification codes: an HMAC-SHA256 of the receipt's number, date and net amount with the
 * installation's secret (verify_keys), cut to 12 hex digits (48 bits: with the page's rate limit a
 * guess is hopeless). A changed number, date or amount no longer matches. The newest secret signs;
 * every secret still in the table verifies, so a rotation keeps paper printed before it valid until
 * the old key is deleted.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Reader, verifySecrets } from '@fees/db';

export interface VerifiedFields {
  number: number;
  date: string;
  netPaise: number;
}

const CODE_LENGTH = 12;

export function verificationCode(secret: string, receipt: VerifiedFields): string {
  return createHmac('sha256', secret)
    .update(`${receipt.number}|${receipt.date}|${receipt.netPaise}`)
    .digest('hex')
    .slice(0, CODE_LENGTH);
}

/** The public page's path for a receipt, as printed under its QR code. */
export async function verificationPath(db: Reader, receipt: VerifiedFields): Promise<string> {
  const [newest] = await verifySecrets(db);
  return `/verify/${receipt.number}/${verificationCode(newest!, receipt)}`;
}

/**
 * A demand notice's code signs "notice|" with the student, the as-of date and the total demanded, so
 * no receipt's code (number|date|amount) can ever pass as a notice's, nor the other way round.
 */
export interface NoticeFields {
  studentId: number;
  asOf: string;
  totalPaise: number;
}

const noticeText = (notice: NoticeFields) => `notice|${notice.studentId}|${notice.asOf}|${notice.totalPaise}`;

function noticeCode(secret: string, notice: NoticeFields): string {
  return createHmac('sha256', secret).update(noticeText(notice)).digest('hex').slice(0, CODE_LENGTH);
}

/**
 * The public page's path for a demand notice, as printed under its QR code (a function: a batch's notices read the
 * secret once).
 */
export async function noticeVerificationPaths(db: Reader): Promise<(notice: NoticeFields) => string> {
  const [newest] = await verifySecrets(db);
  return (notice) =>
    `/verify/notice/${notice.studentId}/${notice.asOf}/${notice.totalPaise}/${noticeCode(newest!, notice)}`;
}

export async function isValidNoticeCode(db: Reader, notice: NoticeFields, code: string): Promise<boolean> {
  if (!/^[0-9a-f]+$/.test(code) || code.length !== CODE_LENGTH) return false;
  const given = Buffer.from(code);
  return (await verifySecrets(db)).some((secret) => timingSafeEqual(Buffer.from(noticeCode(secret, notice)), given));
}

export async function isValidCode(db: Reader, receipt: VerifiedFields, code: string): Promise<boolean> {
  if (!/^[0-9a-f]+$/.test(code) || code.length !== CODE_LENGTH) return false;
  const given = Buffer.from(code);
  return (await verifySecrets(db)).some((secret) =>
    timingSafeEqual(Buffer.from(verificationCode(secret, receipt)), given),
  );
}

/**
 * A no-dues certificate's code signs "nodues|" with its department, number, student and issue date, so neither a
 * receipt's nor a notice's code can pass as a certificate's.
 */
export interface CertificateFields {
  departmentId: number;
  number: number;
  studentId: number;
  issuedOn: string;
}

const certificateText = (c: CertificateFields) => `nodues|${c.departmentId}|${c.number}|${c.studentId}|${c.issuedOn}`;

function certificateCode(secret: string, certificate: CertificateFields): string {
  return createHmac('sha256', secret).update(certificateText(certificate)).digest('hex').slice(0, CODE_LENGTH);
}

/** The public page's path for a no-dues certificate, as printed under its QR code. */
export async function certificateVerificationPath(db: Reader, certificate: CertificateFields): Promise<string> {
  const [newest] = await verifySecrets(db);
  return `/verify/no-dues/${certificate.departmentId}/${certificate.number}/${certificateCode(newest!, certificate)}`;
}

export async function isValidCertificateCode(db: Reader, certificate: CertificateFields, code: string) {
  if (!/^[0-9a-f]+$/.test(code) || code.length !== CODE_LENGTH) return false;
  const given = Buffer.from(code);
  return (await verifySecrets(db)).some((secret) =>
    timingSafeEqual(Buffer.from(certificateCode(secret, certificate)), given),
  );
}
