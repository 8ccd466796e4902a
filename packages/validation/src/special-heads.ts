import { ADVANCE_HEAD } from './reference';
import { CHEQUE_BOUNCE_HEAD, LATE_FEE_HEAD, PREVIOUS_DUES_HEAD } from './reference';

/**
 * Heads charged by rules of their own. A fee structure over one would charge it a second time and
 * give the receipt entry two rows for one head, so no path that writes a structure or a plan takes them.
 */
const OWN_RULES: ReadonlyMap<string, string> = new Map([
  [ADVANCE_HEAD, 'is collected by its own rule'],
  [LATE_FEE_HEAD, 'is charged by the late fine rules of the fee plans'],
  [PREVIOUS_DUES_HEAD, 'carries the opening balances from the old books'],
  [CHEQUE_BOUNCE_HEAD, 'is charged when a cheque bounces'],
]);

export const SPECIAL_HEADS: readonly string[] = [...OWN_RULES.keys()];

/** Why a head cannot be in a fee structure, or null when it can. */
export function specialHeadRefusal(headName: string): string | null {
  const rule = OWN_RULES.get(headName);
  return rule === undefined ? null : `${headName} ${rule} and cannot be in a fee structure`;
}

/** The first row of each head, in the given order: a screen never lists one head twice. */
export function firstRowOfEachHead<T extends { feeHeadId: number }>(rows: readonly T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((row) => {
    if (seen.has(row.feeHeadId)) return false;
    seen.add(row.feeHeadId);
    return true;
  });
}
