/**
 * The family page's token: the student's id and the link's generation, signed with an HMAC-SHA256 by
 * the installation's verification secret (verify_keys, as printed receipts are). 32 hex digits (128
 * bits): the page shows a child's dues and receipts for as long as the link lives, so a guess must be
 * hopeless even without the rate limit. Revoking moves the generation on; a token of an older
 * generation, or of a revoked one, opens nothing. Every secret still kept verifies, the newest signs.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { findFamilyLink, type Reader, verifySecrets } from '@fees/db';

const SIGNATURE_LENGTH = 32;
const TOKEN = /^(\d{1,9})-(\d{1,9})-([0-9a-f]{32})$/;

/** Where the page lives: the token follows. */
export const FAMILY_PATH = '/family';

function signature(secret: string, studentId: number, generation: number): string {
  return createHmac('sha256', secret)
    .update(`family|${studentId}|${generation}`)
    .digest('hex')
    .slice(0, SIGNATURE_LENGTH);
}

export async function familyToken(db: Reader, studentId: number, generation: number): Promise<string> {
  const [newest] = await verifySecrets(db);
  return `${studentId}-${generation}-${signature(newest!, studentId, generation)}`;
}

/** The student a token opens the page of, or null for a malformed, tampered, older or revoked one. */
export async function studentOfFamilyToken(db: Reader, token: string): Promise<number | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const studentId = Number(match[1]);
  const generation = Number(match[2]);
  const given = Buffer.from(match[3]!);
  const signed = (await verifySecrets(db)).some((secret) =>
    timingSafeEqual(Buffer.from(signature(secret, studentId, generation)), given),
  );
  if (!signed) return null;
  const link = await findFamilyLink(db, studentId);
  return link.generation === generation && !link.revoked ? studentId : null;
}

/** The page's address for a generation of the student's link. */
export async function familyUrl(db: Reader, origin: string, studentId: number, generation: number): Promise<string> {
  return `${origin}${FAMILY_PATH}/${await familyToken(db, studentId, generation)}`;
}

/** The student's current link for a message, or null while it is revoked (staff issue the next one). */
export async function currentFamilyUrl(db: Reader, origin: string, studentId: number): Promise<string | null> {
  const link = await findFamilyLink(db, studentId);
  return link.revoked ? null : familyUrl(db, origin, studentId, link.generation);
}
