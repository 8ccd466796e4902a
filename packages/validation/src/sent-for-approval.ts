/**
 * What a held operation answers, what the maker's screen says about it and the reason it asks for, apart
 * from the approvals' schemas (approvals.ts): the counter's receipt screen reads them without loading zod.
 */
import { formatDate, paiseToRupeesText } from './format';

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
