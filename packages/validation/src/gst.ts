import { ratePercentText } from '@fees/money';
import { z } from 'zod';
import { parseRupeesToPaise } from './format';
import { MSG } from './messages';

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

export const GST_TREATMENT_VALUES = ['exempt', 'taxable'] as const;
export type TGstTreatmentValue = (typeof GST_TREATMENT_VALUES)[number];

/**
 * Why a code is not a SAC (services: 6 digits starting 99) or an HSN code (goods: 4, 6 or 8 digits), or null
 * when it is one.
 */
export function gstCodeProblem(code: string): string | null {
  if (!/^\d+$/.test(code)) return MSG.gstCode;
  if (code.startsWith('99')) return code.length === 6 ? null : MSG.gstCode;
  return [4, 6, 8].includes(code.length) ? null : MSG.gstCode;
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of a GSTIN's first 14: each character's value (0-9, A-Z as 10-35) times 1 or 2 in turn,
 * each product's base-36 digits added up, and the check the value that brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** Why a text is not a GSTIN (state code, PAN, entity number, Z, check character), or null when it is one. */
export function gstinProblem(gstin: string): string | null {
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin)) return MSG.gstinFormat;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? null : MSG.gstinCheck;
}

/** A department's GSTIN as typed (any case, spaces around); empty: the department has none. */
export const ZGstin = z
  .string({ error: MSG.gstinFormat })
  .trim()
  .transform((text, ctx) => {
    if (text === '') return null;
    const gstin = text.toUpperCase();
    const problem = gstinProblem(gstin);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return gstin;
  });

const blankIsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * A fee head's GST treatment: exempt, or taxable with an SAC or HSN code and a rate in percent (left out: the
 * default rate of the settings). An exempt head keeps no rate or code.
 */
export const ZGstTreatment = z
  .object({
    treatment: z.enum(GST_TREATMENT_VALUES, { error: MSG.gstTreatment }),
    rate: z.preprocess(blankIsAbsent, ZGstRate.optional()),
    code: z.preprocess(blankIsAbsent, z.string({ error: MSG.gstCode }).trim().optional()),
  })
  .superRefine((value, ctx) => {
    if (value.treatment !== 'taxable') return;
    const problem = value.code === undefined || value.code === '' ? MSG.gstCodeRequired : gstCodeProblem(value.code);
    if (problem) ctx.addIssue({ code: 'custom', path: ['code'], message: problem });
    if (value.rate === 0) ctx.addIssue({ code: 'custom', path: ['rate'], message: MSG.gstTaxableRate });
  })
  .transform((value) =>
    value.treatment === 'exempt'
      ? { treatment: 'exempt' as const, rateBasisPoints: 0, code: null }
      : { treatment: 'taxable' as const, rateBasisPoints: value.rate ?? null, code: value.code ?? null },
  );
export type TGstTreatment = z.infer<typeof ZGstTreatment>;
export type TGstTreatmentInput = z.input<typeof ZGstTreatment>;

/** "SAC 996411" for a service's code (it starts 99), "HSN 6203" for goods. */
export function gstCodeText(code: string): string {
  return `${code.startsWith('99') ? 'SAC' : 'HSN'} ${code}`;
}

/** A receipt line's fee type as printed: the head, and for a taxed line its rate and code. */
export function gstLineText(line: { feeHead: string; taxRateBasisPoints: number; gstCode: string | null }): string {
  if (line.taxRateBasisPoints === 0) return line.feeHead;
  const code = line.gstCode ? `, ${gstCodeText(line.gstCode)}` : '';
  return `${line.feeHead} (GST ${ratePercentText(line.taxRateBasisPoints)}%${code})`;
}
