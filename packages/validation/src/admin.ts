import { z } from 'zod';
import { parseRupeesToPaise, requiredText, ZDepId, ZId } from './common';
import { MSG } from './messages';

/** Deleting an admin or a department user account. */
export const ZRemoveAccountInput = z.object({ id: ZId });
export type TRemoveAccountInput = z.infer<typeof ZRemoveAccountInput>;

/** Largest GST rate: 100% as hundredths of a percent. */
export const MAX_GST_BASIS_POINTS = 100_00;

/**
 * A GST rate typed in percent ("18", "12.5", "0"): digits with up to 2 decimals, 0 to 100.
 * Parses to hundredths of a percent (basis points as the schema stores them: 1800 = 18%).
 */
export const ZGstRate = z.union([z.string(), z.number()], { error: MSG.required }).transform((value, ctx) => {
  const text = String(value).trim();
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: MSG.required });
    return z.NEVER;
  }
  // Percent with 2 decimals has the same shape as rupees with paise.
  const basisPoints = parseRupeesToPaise(text);
  if (basisPoints === null || basisPoints > MAX_GST_BASIS_POINTS) {
    ctx.addIssue({ code: 'custom', message: MSG.gstRate });
    return z.NEVER;
  }
  return basisPoints;
});

const letterheadLine = (max: number) => z.string().trim().max(max, MSG.maxChars(max)).default('');

/** The lines printed at the top of one department's receipts. */
export const ZLetterhead = z.object({
  depId: ZDepId,
  institutionName: requiredText(100),
  address: letterheadLine(200),
  phone: letterheadLine(45),
});
export type TLetterhead = z.infer<typeof ZLetterhead>;

/** GST rate and/or letterheads; what is left out stays as it is. */
export const ZUpdateSettingsInput = z.object({
  gstRate: ZGstRate.optional(),
  letterheads: z
    .array(ZLetterhead)
    .max(6)
    .refine((rows) => new Set(rows.map((r) => r.depId)).size === rows.length, 'Each department may appear only once')
    .optional(),
});
export type TUpdateSettingsInput = z.infer<typeof ZUpdateSettingsInput>;
