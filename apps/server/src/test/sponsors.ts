/**
 * A sponsor's share of one student's fee head and the sponsor's receipt against it, as a clerk records them: the
 * sponsor tests and the who-pays property write both through these, so a change to either input is made once.
 */
import type { TCreateSponsorReceiptInput } from '@fees/validation';
import { type Fixture, receiptInput } from './fixture';
import type { Harness } from './harness';

type Caller = ReturnType<Harness['caller']>;

/** Whose share: one sponsor, one student's head in their department. */
export interface ShareOf {
  depId: number;
  sponsorId: number;
  studentId: number;
  feeHeadId: number;
}

/** Records the sponsor's share of the head: an amount or a percent of the fee less discounts, from `date` if given. */
export function coverShare(
  caller: Caller,
  share: ShareOf,
  part: { amount: string } | { percent: string },
  date?: string,
) {
  return caller.sponsors.cover({ ...share, ...part, ...(date === undefined ? {} : { date }) });
}

/** Records the sponsor's receipt of `amount` (rupees), allocated wholly to the share's student and head. */
export function receiveShare(
  caller: Caller,
  share: ShareOf,
  amount: string,
  receipt: Pick<TCreateSponsorReceiptInput, 'date' | 'mode' | 'reference' | 'idempotencyKey'>,
) {
  const { depId, sponsorId, studentId, feeHeadId } = share;
  return caller.sponsors.receipt({ depId, sponsorId, ...receipt, allocations: [{ studentId, feeHeadId, amount }] });
}

/** The family's own cash receipt of `rupees` on the PG student's tuition, the part a sponsor leaves them to pay. */
export function pgTuitionReceipt(fixture: Fixture, date: string, rupees: number) {
  return receiptInput(fixture, { of: 'pg', date, lines: [[fixture.heads.tuition, rupees * 100]] });
}
