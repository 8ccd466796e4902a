import { type Database, run } from '@fees/db';
import { lineTaxPaise } from '@fees/money';
import { sql } from 'drizzle-orm';

/** Every fee head taxable at one rate (SAC 999293), or all exempt at 0: receipts issued after it are taxed so. */
export async function taxEveryHead(db: Database, rateBasisPoints: number): Promise<void> {
  await run(
    db,
    rateBasisPoints === 0
      ? sql`UPDATE fee_heads SET gst_treatment = 'exempt', gst_rate_basis_points = 0, gst_code = NULL`
      : sql`UPDATE fee_heads SET gst_treatment = 'taxable', gst_rate_basis_points = ${rateBasisPoints},
          gst_code = '999293'`,
  );
}

/** The GST of lines all taxed at one rate: each line rounded on its own, as a receipt is. */
export function taxOfLines(amounts: readonly number[], rateBasisPoints: number): number {
  return amounts.reduce((sum, amount) => sum + lineTaxPaise(amount, rateBasisPoints), 0);
}
