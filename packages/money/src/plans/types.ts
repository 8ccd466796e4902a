/**
 * A late fine rule. Amounts in paise, percent in basis points (250 = 2.5%). With L = due date +
 * graceDays, an instalment is late on day D when D > L and its outstanding at the end of L is above 0.
 */
export type FineRule =
  | { type: 'none' }
  | { type: 'fixed'; amountPaise: number; graceDays: number }
  | { type: 'per_day'; perDayPaise: number; capPaise: number; graceDays: number }
  | { type: 'percent'; percentBasisPoints: number; graceDays: number };

export type FineRuleType = FineRule['type'];
export const FINE_RULE_TYPES = ['none', 'fixed', 'per_day', 'percent'] as const satisfies readonly FineRuleType[];

export const NO_FINE: FineRule = { type: 'none' };

/** A fee head's amount in one instalment (or in the batch's fee structure). */
export interface HeadAmount {
  feeHeadId: number;
  amountPaise: number;
}

/** An instalment as a plan holds it (a saved one, a generated draft, or a virtual one). */
export interface PlanInstalment {
  /** Saved instalments: their row id as text; virtual ones: `v-<due date>`; drafts: ''. */
  id: string;
  name: string;
  dueDate: string;
  /** null: the plan's rule applies. */
  fineRule: FineRule | null;
  amounts: HeadAmount[];
  /** Concessions never come off it (a scholarship's shortfall, charged back after the concessions were given). */
  noConcession?: true;
}

export interface Plan {
  fineRule: FineRule;
  instalments: PlanInstalment[];
}

/** One receipt line of a live receipt on a head of the plan. */
export interface Payment {
  receiptDate: string;
  receiptNumber: number;
  feeHeadId: number;
  amountPaise: number;
}

/** Discount + adjustment of one student on one head. */
export interface Concession {
  feeHeadId: number;
  amountPaise: number;
}
