import { isSentForApproval, type SentForApproval } from '@fees/validation';

/** The result of a write that was made at once (fails the test when it became an approval request). */
export function applied<T>(result: T | SentForApproval): T {
  if (isSentForApproval(result))
    throw new Error(`Expected the change itself, got approval request ${result.requestId}`);
  return result;
}

/** The approval request a write became (fails the test when the change was made at once). */
export function sentForApproval(result: unknown): SentForApproval {
  if (!isSentForApproval(result)) throw new Error(`Expected an approval request, got ${JSON.stringify(result)}`);
  return result;
}
