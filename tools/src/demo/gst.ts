import { type Reader, taxableFeeHeads } from '@fees/db';
import { priceReceipt } from '@fees/money';

/**
 * A demo receipt's GST as the counter prices it: each line at its head's rate of today, none when it is adjusted
 * from advance. The receipt's own check then agrees with it.
 */
export async function demoReceiptTax(
  db: Reader,
  items: ReadonlyArray<{ feeHeadId: number; amount: number }>,
  paymentMode?: string,
): Promise<number> {
  return priceReceipt({
    lines: items.map((item) => ({ feeHeadId: item.feeHeadId, amountPaise: item.amount })),
    taxes: await taxableFeeHeads(db),
    untaxed: paymentMode === 'advance',
    balances: [],
  }).taxPaise;
}
