import { getLetterheadLogo } from '@fees/db';
import type { Context } from '../../context';

/** The department's letterhead logo as a data: URL for the printed receipt, or null when it has none. */
export async function letterheadLogo(ctx: Context, input: { depId: number }) {
  const logo = await getLetterheadLogo(ctx.db, input.depId);
  return { logo: logo ? `data:${logo.mimeType};base64,${logo.bytes.toString('base64')}` : null };
}
