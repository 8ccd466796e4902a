/**
 * Concession schemes ("RTE 25%", "Staff ward"): the money rule that turns a scheme's rule into a
 * student's discount on a head. Integer paise throughout; percentages in basis points (2500 = 25%).
 */

/** What a rule gives: a percentage of the head's fee (basis points), else a fixed amount (paise). */
export interface SchemeAmount {
  percentBasisPoints: number | null;
  amountPaise: number | null;
}

/** A rule as stored: one head, every batch of a course (batchId null) or one batch of it. */
export interface SchemeRule extends SchemeAmount {
  feeHeadId: number;
  courseId: number;
  batchId: number | null;
}

/**
 * A scheme's discount for one student on one head: the percentage of the head's fee rounded half up
 * to the paisa, or the fixed amount; never more than the fee, never below zero. In BigInt like the
 * GST, so fee x rate stays exact whatever the amounts.
 */
export function schemeDiscountPaise(feePaise: number, rule: SchemeAmount): number {
  if (feePaise <= 0) return 0;
  const raw =
    rule.percentBasisPoints !== null
      ? Number((BigInt(feePaise) * BigInt(rule.percentBasisPoints) + 5000n) / 10000n)
      : (rule.amountPaise ?? 0);
  return Math.max(0, Math.min(feePaise, raw));
}

/** The rule of a scheme that applies to a student's head: the one for their batch, else the one for their course. */
export function schemeRuleFor<R extends SchemeRule>(
  rules: readonly R[],
  student: { courseId: number; batchId: number },
  feeHeadId: number,
): R | undefined {
  const onHead = rules.filter((r) => r.feeHeadId === feeHeadId && r.courseId === student.courseId);
  return onHead.find((r) => r.batchId === student.batchId) ?? onHead.find((r) => r.batchId === null);
}
