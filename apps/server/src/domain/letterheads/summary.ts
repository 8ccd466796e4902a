import type { LetterheadLogo } from '@fees/db';

/** What the audit log keeps of a logo: its type and size, not the image. */
export const logoSummary = (logo: LetterheadLogo | undefined) =>
  logo ? { mimeType: logo.mimeType, size: logo.bytes.length } : null;
