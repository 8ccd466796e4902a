import { feeBalanceTotals, studentFeeBalances, taxableFeeHeads } from '@fees/db';
import { earliestReceiptDate, firstRowOfEachHead, type TReceiptEntryContextInput } from '@fees/validation';
import { today } from '../../config';
import { approvalNeeded } from '../approvals/gate';
import { lateFeeBalanceRows, studentDuesView, upiOf } from '../plans/service';
import { advanceHeadRow, studentAdvance } from '../refunds/advance';
import { receiptDateRule, studentOfDepartment } from './service';
import type { AuthedContext } from '../../context';

/**
 * Everything the receipt entry form starts from: the student header, the batch's heads with balances
 * (and the Late fee with the fine outstanding, once a fine has accrued, and the Advance head), each head
 * once whatever the data holds (a structure row over Late fee or Advance left by an older version comes
 * first, as the receipt's own check prices it), the student's advance, the taxable heads' GST, and the
 * instalment dues as of today, and the department's UPI details (for the QR of a UPI payment).
 */
export async function receiptEntryContext(ctx: AuthedContext, input: TReceiptEntryContextInput) {
  const student = await studentOfDepartment(ctx.db, input, ctx.session);
  const feeHeads = await studentFeeBalances(ctx.db, student.id);
  return {
    student,
    heads: firstRowOfEachHead([
      ...feeHeads,
      ...(await lateFeeBalanceRows(ctx.db, student)),
      ...(await advanceHeadRow(ctx.db)),
    ]),
    totals: feeBalanceTotals(feeHeads),
    advancePaise: await studentAdvance(ctx.db, student),
    /** The taxable heads with their rate and code (any other head is exempt), as the receipt's check reads them. */
    taxes: [...(await taxableFeeHeads(ctx.db))].map(([feeHeadId, tax]) => ({ feeHeadId, ...tax })),
    today: today(),
    /** The earliest date this user may give a receipt (the back-dating limit; admins reach back to 1950). */
    earliestDate: earliestReceiptDate(await receiptDateRule(ctx.db, ctx.session)),
    /** An earlier date is not refused but waits for a second person (back-dated receipts are held). */
    earlierWaits: await approvalNeeded(ctx.db, 'backdated', ctx.session, 'maker'),
    dues: await studentDuesView(ctx.db, student, today()),
    upi: await upiOf(ctx.db, input.depId),
  };
}
