import { z } from 'zod';
import { requiredText, ZDepId, ZId } from './common';
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
