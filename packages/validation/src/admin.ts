import { z } from 'zod';
import { requiredText, ZDepId, ZId } from './common';
import { ZGstin, ZGstRate } from './gst';
import { MSG } from './messages';

/** Deleting an admin or a department user account. */
export const ZRemoveAccountInput = z.object({ id: ZId });
export type TRemoveAccountInput = z.infer<typeof ZRemoveAccountInput>;

const letterheadLine = (max: number) => z.string().trim().max(max, MSG.maxChars(max)).default('');

/** The lines printed at the top of one department's receipts. */
export const ZLetterhead = z.object({
  depId: ZDepId,
  institutionName: requiredText(100),
  address: letterheadLine(200),
  phone: letterheadLine(45),
  /** The department's GSTIN, printed on its receipts; empty clears it, left out keeps it. */
  gstin: ZGstin.optional(),
});
export type TLetterhead = z.infer<typeof ZLetterhead>;

/** How many days back staff may date a receipt: a whole number from 0 to 3650. */
export const ZBackdateLimitDays = z
  .int({ error: MSG.backdateLimit })
  .min(0, MSG.backdateLimit)
  .max(3650, MSG.backdateLimit);

/** GST rate, back-dating limit, who may close a day and/or letterheads; what is left out stays as it is. */
export const ZUpdateSettingsInput = z.object({
  gstRate: ZGstRate.optional(),
  backdateLimitDays: ZBackdateLimitDays.optional(),
  /** Whether a department's staff may close their own day in the day book. */
  staffMayCloseDay: z.boolean({ error: MSG.required }).optional(),
  letterheads: z
    .array(ZLetterhead)
    .max(6)
    .refine((rows) => new Set(rows.map((r) => r.depId)).size === rows.length, 'Each department may appear only once')
    .optional(),
});
export type TUpdateSettingsInput = z.infer<typeof ZUpdateSettingsInput>;

/** Largest letterhead logo, in bytes. */
export const MAX_LOGO_BYTES = 200 * 1024;
const MAX_LOGO_BASE64 = Math.ceil(MAX_LOGO_BYTES / 3) * 4;

export type LogoMimeType = 'image/png' | 'image/jpeg';

/** The image type named by a file's first bytes (PNG or JPEG signature); whatever the file calls itself. */
export function logoTypeOf(bytes: Uint8Array): LogoMimeType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length > png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

function base64Bytes(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A department's letterhead logo sent as base64: PNG or JPEG by its bytes (never SVG), at most 200 KB. */
export const ZLetterheadLogoInput = z.object({
  depId: ZDepId,
  image: z
    .string({ error: MSG.logoType })
    .max(MAX_LOGO_BASE64, MSG.logoTooLarge)
    .transform((text, ctx) => {
      const bytes = base64Bytes(text);
      const mimeType = bytes && logoTypeOf(bytes);
      if (!bytes || !mimeType) {
        ctx.addIssue({ code: 'custom', message: MSG.logoType });
        return z.NEVER;
      }
      if (bytes.length > MAX_LOGO_BYTES) {
        ctx.addIssue({ code: 'custom', message: MSG.logoTooLarge });
        return z.NEVER;
      }
      return { mimeType, bytes };
    }),
});
export type TLetterheadLogoInput = z.infer<typeof ZLetterheadLogoInput>;

/** The department whose logo is read. */
export const ZLetterheadLogoOfInput = z.object({ depId: ZDepId });

export const ZRemoveLetterheadLogoInput = z.object({ depId: ZDepId });
export type TRemoveLetterheadLogoInput = z.infer<typeof ZRemoveLetterheadLogoInput>;
