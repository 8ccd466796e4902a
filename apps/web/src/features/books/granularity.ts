/** The vouchers an export makes, as the department's ledger mapping chooses them. */
export const GRANULARITY_LABELS: Record<'receipt' | 'day', string> = {
  receipt: 'One per receipt',
  day: 'One per day and payment mode, a row per head',
};
