import { type Database, getLetterheadLogo } from '@fees/db';
import { today } from '../config';
import { receiptView } from '../domain/receipts/service';
import type { DocumentOptions } from './paper';
import type { ReceiptDrawing } from './receipt-drawing';

/**
 * What the printed receipt shows, as the receipt page reads it (receiptView), ready to draw (drawReceipt):
 * a duplicate is marked with the reprint's date (`duplicateOn`, yyyy-MM-dd). NOT_FOUND or FORBIDDEN as the
 * page refuses.
 */
export async function receiptDrawing(
  db: Database,
  number: number,
  options: DocumentOptions,
  duplicateOn?: string,
): Promise<ReceiptDrawing> {
  const { receipt, lines, taxByRate, payments, letterhead, verifyPath } = await receiptView(db, options.access, number);
  return {
    receipt,
    lines,
    taxByRate,
    payments,
    letterhead,
    logo: await getLetterheadLogo(db, receipt.departmentId),
    verifyUrl: `${options.origin}${verifyPath}`,
    voidedOn: receipt.status === 'voided' && receipt.voidedAt ? today(new Date(receipt.voidedAt)) : null,
    ...(duplicateOn ? { duplicateOn } : {}),
  };
}
