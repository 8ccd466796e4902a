import { type DbOrTx, getBackdateLimitDays, getGstRateBasisPoints, getStaffMayCloseDay, listLetterheads } from '@fees/db';
import { paiseToRupeesText } from '@fees/validation';
import type { Context } from '../../context';

/** GST rate (basis points and as percent text with 2 decimals), the back-dating limit, who may close a day and every department's letterhead. */
export function readSettings(db: DbOrTx) {
  const gstRateBasisPoints = getGstRateBasisPoints(db);
  return {
    gstRateBasisPoints,
    // Hundredths of a percent print like paise: 1800 -> "18.00".
    gstRate: paiseToRupeesText(gstRateBasisPoints),
    backdateLimitDays: getBackdateLimitDays(db),
    staffMayCloseDay: getStaffMayCloseDay(db),
    letterheads: listLetterheads(db),
  };
}

export function settingsGetHandler({ ctx }: { ctx: Context }) {
  return readSettings(ctx.db);
}
