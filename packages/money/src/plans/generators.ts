import { addMonths, monthName } from './dates';
import type { HeadAmount, PlanInstalment } from './types';

/**
 * Plan generators: each instalment but the last gets its share rounded down to the rupee, the last
 * gets the remainder, so every head's instalments add up exactly to its structure amount and none
 * is negative.
 */

function splitAmount(amountPaise: number, shares: number[]): number[] {
  const total = shares.reduce((a, b) => a + b, 0);
  const parts = shares.slice(0, -1).map((share) => Math.floor((amountPaise * share) / total / 100) * 100);
  const given = parts.reduce((a, b) => a + b, 0);
  return [...parts, amountPaise - given];
}

function build(heads: HeadAmount[], shares: number[], dueDates: string[], names: string[]): PlanInstalment[] {
  const perHead = heads.map((h) => splitAmount(h.amountPaise, shares));
  return dueDates.map((dueDate, i) => ({
    id: '',
    name: names[i]!,
    dueDate,
    fineRule: null,
    amounts: heads.map((h, j) => ({ feeHeadId: h.feeHeadId, amountPaise: perHead[j]![i]! })),
  }));
}

export function oneInstalment(heads: HeadAmount[], dueDate: string, name = 'Full fee'): PlanInstalment[] {
  return build(heads, [1], [dueDate], [name]);
}

/** N equal instalments every M months from the first due date; monthly ones are named by month. */
export function equalInstalments(
  heads: HeadAmount[],
  options: { count: number; everyMonths: number; firstDueDate: string },
): PlanInstalment[] {
  const { count, everyMonths, firstDueDate } = options;
  const dueDates = Array.from({ length: count }, (_, i) => addMonths(firstDueDate, i * everyMonths));
  const names = dueDates.map((d, i) => (everyMonths === 1 ? monthName(d) : `Instalment ${i + 1}`));
  return build(heads, Array(count).fill(1), dueDates, names);
}

/** A percentage split (40/30/30) with one due date per part; percents may have 2 decimals. */
export function percentSplit(
  heads: HeadAmount[],
  options: { percents: number[]; dueDates: string[]; names?: string[] },
): PlanInstalment[] {
  const shares = options.percents.map((p) => Math.round(p * 100));
  const names = options.names ?? options.dueDates.map((_, i) => `Instalment ${i + 1}`);
  return build(heads, shares, options.dueDates, names);
}

/**
 * A batch without a plan: one instalment per distinct fee structure start date, holding the heads
 * that start that day, due that day.
 */
export function virtualPlanInstalments(structures: Array<HeadAmount & { startDate: string }>): PlanInstalment[] {
  const dates = [...new Set(structures.map((s) => s.startDate))].sort();
  return dates.map((date) => ({
    id: `v-${date}`,
    name: `Fees from ${date}`,
    dueDate: date,
    fineRule: null,
    amounts: structures
      .filter((s) => s.startDate === date)
      .map((s) => ({ feeHeadId: s.feeHeadId, amountPaise: s.amountPaise })),
  }));
}

/** Per head, structure amount minus the plan's sum (0 everywhere when the plan adds up). */
export function planDifferences(heads: HeadAmount[], instalments: Pick<PlanInstalment, 'amounts'>[]): HeadAmount[] {
  return heads.map((h) => {
    let sum = 0;
    for (const inst of instalments) {
      for (const a of inst.amounts) if (a.feeHeadId === h.feeHeadId) sum += a.amountPaise;
    }
    return { feeHeadId: h.feeHeadId, amountPaise: h.amountPaise - sum };
  });
}
