import { z } from 'zod';
import { requiredText, ZDateRange } from './common';
import { MSG } from './messages';
import { STATEMENT_MAX_BYTES } from './reconciliation';

/** The longest period asked of the gateway at once: one request per day. */
export const SETTLEMENT_FETCH_MAX_DAYS = 31;
/** The longest period the settlements screen shows at once. */
export const SETTLEMENT_VIEW_MAX_DAYS = 366;

const days = (r: { from: string; to: string }) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 + 1;

/** settlements.list: the settlements made between two days, and the exceptions of that period. */
export const ZSettlementsInput = ZDateRange.refine((r) => days(r) <= SETTLEMENT_VIEW_MAX_DAYS, {
  message: `Choose at most ${SETTLEMENT_VIEW_MAX_DAYS} days`,
  path: ['to'],
});
export type TSettlementsInput = z.infer<typeof ZSettlementsInput>;

/** settlements.fetch: ask the gateway for the settlements of each day of the period. */
export const ZFetchSettlementsInput = ZDateRange.refine((r) => days(r) <= SETTLEMENT_FETCH_MAX_DAYS, {
  message: `Fetch at most ${SETTLEMENT_FETCH_MAX_DAYS} days at a time`,
  path: ['to'],
});
export type TFetchSettlementsInput = z.infer<typeof ZFetchSettlementsInput>;

const BASE64_MAX_CHARS = Math.ceil(STATEMENT_MAX_BYTES / 3) * 4;

/** settlements.previewReport and settlements.importReport: the gateway's settlement report file (CSV or XLSX). */
export const ZSettlementReportInput = z.object({
  fileName: requiredText(200),
  fileBase64: z
    .string({ error: MSG.required })
    .min(1, MSG.required)
    .max(BASE64_MAX_CHARS, 'The file is larger than 2 MB: download the report a month at a time')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file could not be read: choose it again'),
});
export type TSettlementReportInput = z.infer<typeof ZSettlementReportInput>;
