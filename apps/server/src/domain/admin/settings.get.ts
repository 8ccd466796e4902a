import {
  type Reader,
  getBackdateLimitDays,
  getGstRateBasisPoints,
  getStaffMayCloseDay,
  listLetterheads,
} from '@fees/db';
import { paiseToRupeesText } from '@fees/validation';
import type { Context } from '../../context';

/**
 * The default GST rate of taxable heads (basis points and as percent text with 2 decimals), the back-dating limit,
 * who may close a day and every department's letterhead and GSTIN.
 */
export async function readSettings(db: Reader) {
  const gstRateBasisPoints = await getGstRateBasisPoints(db);
  return {
    gstRateBasisPoints,
    // Hundredths of a percent print like paise: 1800 -> "18.00".
    gstRate: paiseToRupeesText(gstRateBasisPoints),
    backdateLimitDays: await getBackdateLimitDays(db),
    staffMayCloseDay: await getStaffMayCloseDay(db),
    letterheads: await listLetterheads(db),
  };
}

export function getSettings(ctx: Context) {
  return readSettings(ctx.db);
}
