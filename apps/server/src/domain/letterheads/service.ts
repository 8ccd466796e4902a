import { getLetterheadLogo, type LetterheadLogo } from '@fees/db';
import type { Context } from '../../context';

/** What the audit log keeps of a logo: its type and size, not the image. */
export const logoSummary = (logo: LetterheadLogo | undefined) =>
  logo ? { mimeType: logo.mimeType, size: logo.bytes.length } : null;

/** The department's letterhead logo as a data: URL for the printed receipt, or null when it has none. */
export async function letterheadLogo(ctx: Context, input: { depId: number }) {
  const logo = await getLetterheadLogo(ctx.db, input.depId);
  return { logo: logo ? `data:${logo.mimeType};base64,${logo.bytes.toString('base64')}` : null };
}
