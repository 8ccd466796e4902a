/**
 * The balance of one fee head of one student, written once for
 * JavaScript: balance = fee - discount - adjustment - paid. SQL builds the same rule with `balanceSql`
 * in @fees/db. Integer paise.
 */

/**
 * A head's amounts: fee (with any opening balance on the head), discount (con_amt), adjustment (less_amt), paid (its
 * lines on live receipts).
 */
export interface HeadMoney {
  feePaise: number;
  discountPaise: number;
  adjustmentPaise: number;
  paidPaise: number;
}

/** fee - discount - adjustment - paid: below 0 when more was paid or given off than the fee. */
export function headBalancePaise(head: HeadMoney): number {
  return head.feePaise - head.discountPaise - head.adjustmentPaise - head.paidPaise;
}
