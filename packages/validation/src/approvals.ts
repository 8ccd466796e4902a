import { z } from 'zod';
import { requiredText, ZDepId, ZId } from './common';
import { formatDate, paiseToRupeesText } from './format';
import { MSG } from './messages';
import { ZPaise } from './plans';

/**
 * The operations that may need a second person (maker and checker). Each is off until an admin turns it
 * on; an admin's own operation never waits for another.
 */
export const APPROVAL_OPERATIONS = ['void', 'refund', 'waiver', 'reopenDay', 'backdated', 'discount'] as const;
export type ApprovalOperation = (typeof APPROVAL_OPERATIONS)[number];

export const APPROVAL_OPERATION_LABELS: Record<ApprovalOperation, string> = {
  void: 'Void a receipt',
  refund: 'Refund from the advance',
  waiver: 'Waive a fine',
  reopenDay: 'Reopen a closed day',
  backdated: 'Receipt dated before the back-dating limit',
  discount: 'Discount or concession above an amount',
};

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Which operations need a second person; a discount only above its threshold (null: never). */
export const ZApprovalSettings = z.object({
  void: z.boolean({ error: MSG.required }),
  refund: z.boolean({ error: MSG.required }),
  waiver: z.boolean({ error: MSG.required }),
  reopenDay: z.boolean({ error: MSG.required }),
  backdated: z.boolean({ error: MSG.required }),
  discountAbovePaise: ZPaise.nullable(),
});
export type TApprovalSettings = z.infer<typeof ZApprovalSettings>;

/** Every operation off: the behaviour before approvals existed. */
export const NO_APPROVALS: TApprovalSettings = {
  void: false,
  refund: false,
  waiver: false,
  reopenDay: false,
  backdated: false,
  discountAbovePaise: null,
};

/** A department's requests, pending or decided (both when left out). */
export const ZListApprovalsInput = z.object({
  depId: ZDepId,
  status: z.enum(['pending', 'decided', ...APPROVAL_STATUSES], { error: MSG.required }).optional(),
});
export type TListApprovalsInput = z.infer<typeof ZListApprovalsInput>;

export const ZApprovalIdInput = z.object({ id: ZId });
export type TApprovalIdInput = z.infer<typeof ZApprovalIdInput>;

export const ZRejectApprovalInput = ZApprovalIdInput.extend({ reason: requiredText(200) });
export type TRejectApprovalInput = z.infer<typeof ZRejectApprovalInput>;

/** What a request changes, as the approver reads it (fields that do not apply are null). */
export interface ApprovalSummary {
  what: string;
  studentName: string | null;
  admissionNo: string | null;
  receiptNumber: number | null;
  amountPaise: number | null;
  date: string | null;
}

/**
 * Why the maker asks, as the approver reads it: a few words of the maker's own (at least three words and ten
 * characters), never a sentence the program makes up.
 */
export const REQUEST_REASON_MIN_WORDS = 3;
const REQUEST_REASON_MIN_CHARS = 10;

export function isRequestReason(text: string | null | undefined): boolean {
  const trimmed = (text ?? '').trim();
  return trimmed.length >= REQUEST_REASON_MIN_CHARS && trimmed.split(/\s+/).length >= REQUEST_REASON_MIN_WORDS;
}

/** A back-dated receipt that waits: the clerk says why it is dated so early. */
export function backdatedReasonMessage(date: string): string {
  return (
    `Reason for the earlier date: say in a few words (at least ${REQUEST_REASON_MIN_WORDS}) why this receipt is ` +
    `dated ${formatDate(date)}; the approver reads it`
  );
}

/** A discount that waits: its note says why it is given. */
export function discountReasonMessage(thresholdPaise: number): string {
  return (
    `Note: say in a few words (at least ${REQUEST_REASON_MIN_WORDS}) why this discount is given; a discount above ` +
    `${paiseToRupeesText(thresholdPaise)} waits for approval and the approver reads the note`
  );
}

/** What an operation answers when it became a request instead of a change. */
export interface SentForApproval {
  status: 'sent for approval';
  requestId: number;
  message: string;
}

export const SENT_FOR_APPROVAL_MESSAGE = 'Sent for approval';

/** What the maker's screen says when the change became a request. */
export function sentForApprovalText(what: string, requestId: number): string {
  return (
    `${what} waits for another accountant or an administrator to approve it (request ${requestId}); ` +
    'nothing has changed yet. It is listed under Approvals.'
  );
}

export function isSentForApproval(result: unknown): result is SentForApproval {
  return (
    typeof result === 'object' && result !== null && (result as { status?: unknown }).status === 'sent for approval'
  );
}
