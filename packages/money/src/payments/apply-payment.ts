import type { DetailedDues } from '../plans/allocation';

/**
 * A payment that arrives without lines (a paid payment link) spread over the student's heads as the
 * counter would take it: the instalments due by the payment's date, oldest first, each head of an
 * instalment in the plan's order; then the late fine; then the instalments not yet due, oldest first;
 * what is left goes to the advance.
 */
export interface PaymentSpread {
  /** Per fee head, in the order first reached; each amount above zero. */
  heads: Array<{ feeHeadId: number; amountPaise: number }>;
  finePaise: number;
  advancePaise: number;
}

type Dues = Pick<DetailedDues, 'instalments' | 'upcoming' | 'cells' | 'fine'>;

export function spreadPayment(dues: Dues, amountPaise: number): PaymentSpread {
  const byHead = new Map<number, number>();
  let left = amountPaise;
  const cellsOf = new Map(dues.cells.map((c) => [c.instalmentId, c.heads]));
  const fill = (instalmentIds: readonly string[]) => {
    for (const id of instalmentIds) {
      for (const cell of cellsOf.get(id) ?? []) {
        const open = Math.max(0, cell.amountPaise - cell.concessionPaise - cell.paidPaise);
        const take = Math.min(open, left);
        if (take <= 0) continue;
        byHead.set(cell.feeHeadId, (byHead.get(cell.feeHeadId) ?? 0) + take);
        left -= take;
      }
    }
  };
  fill(dues.instalments.map((i) => i.id));
  const finePaise = Math.min(Math.max(0, dues.fine.outstanding), left);
  left -= finePaise;
  fill(dues.upcoming.map((i) => i.id));
  return {
    heads: [...byHead].map(([feeHeadId, paise]) => ({ feeHeadId, amountPaise: paise })),
    finePaise,
    advancePaise: left,
  };
}
