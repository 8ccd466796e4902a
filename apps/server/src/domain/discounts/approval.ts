/**
 * A discount above the approval threshold, given by anyone but an admin, waits for a second person: the
 * request carries the input to replay and, for an edit, the discount's version, so an approval after the
 * discount moved is refused with what changed.
 */
import { findDiscount, getApprovalSettings, type Reader, type WriteTx } from '@fees/db';
import {
  clockTime,
  discountReasonMessage,
  isRequestReason,
  paiseToRupeesText,
  refuse,
  type SentForApproval,
} from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { approvalNeeded, sendForApproval, type WriteMode } from '../approvals/gate';

export type DiscountContext = Pick<AuthedContext, 'session' | 'ip'>;

interface DiscountChange {
  student: { id: number; name: string; admissionNo: string; departmentId: number };
  head: { name: string };
  /** The concession the change leaves on the head: discount plus adjustment. */
  totalPaise: number;
  /** Whether the change gives more than there was (a new discount, a larger one, or one moved to another head). */
  givesMore: boolean;
  note: string | null;
  input: object;
  /** The discount an edit changes, at the version the maker saw. */
  edited: { id: number; version: number } | null;
}

/** The request the change becomes, or null when it is made at once. */
export async function discountRequest(
  tx: WriteTx,
  ctx: DiscountContext,
  mode: WriteMode,
  change: DiscountChange,
): Promise<SentForApproval | null> {
  if (!change.givesMore || !(await approvalNeeded(tx, 'discount', ctx.session, mode, change.totalPaise))) return null;
  if (!isRequestReason(change.note)) {
    const { discountAbovePaise } = await getApprovalSettings(tx);
    refuse('BAD_INPUT', discountReasonMessage(discountAbovePaise ?? 0));
  }
  const { student, head } = change;
  const amount = paiseToRupeesText(change.totalPaise);
  return sendForApproval(tx, actorOf(ctx), {
    departmentId: student.departmentId,
    operation: 'discount',
    summary: {
      what: `Discount of ${amount} on ${head.name} for ${student.name}`,
      studentName: student.name,
      admissionNo: student.admissionNo,
      receiptNumber: null,
      amountPaise: change.totalPaise,
      date: null,
    },
    input: change.input,
    entityId: change.edited?.id ?? null,
    entityVersion: change.edited?.version ?? null,
    reason: (change.note ?? '').trim(),
  });
}

/** Refuses (409) an approved edit of a discount deleted or changed after the request was made. */
export async function assertDiscountUnchanged(
  tx: Reader,
  request: { entityId: number | null; entityVersion: number | null; summary: { what: string } },
): Promise<void> {
  if (request.entityId === null) return;
  const now = await findDiscount(tx, request.entityId);
  if (!now)
    refuse('STALE', `The discount of this request was deleted after it was made: reject it (${request.summary.what})`);
  if (now.version === request.entityVersion) return;
  refuse(
    'STALE',
    `The discount on ${now.feeHeadName} for ${now.studentName} (${now.admissionNo}) was changed at ` +
      `${clockTime(new Date(now.updatedAt))}, after this request was made: reject it and ask again`,
  );
}
