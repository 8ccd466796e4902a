import { z } from 'zod';
import { MSG } from './messages';
import { ZDate, ZDepId, ZId } from './common';

/** What the audit log records, as the audit screen names them. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'void',
  'login',
  'login_failed',
  'logout',
  'import',
  'backup',
  'close_day',
  'reopen_day',
  'closed_day_change',
  'reprint',
  'request_approval',
  'approve',
  'reject',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  void: 'Voided',
  login: 'Signed in',
  login_failed: 'Sign-in failed',
  logout: 'Signed out',
  import: 'Imported',
  backup: 'Backup',
  close_day: 'Closed a day',
  reopen_day: 'Reopened a day',
  closed_day_change: 'Changed a closed day',
  reprint: 'Printed a duplicate',
  request_approval: 'Asked for approval',
  approve: 'Approved',
  reject: 'Rejected',
};

export const AUDIT_PAGE_SIZE = 50;

/** Admin › Audit log: filters (each optional), and the page (entries older than `before`). */
export const ZAuditListInput = z
  .object({
    from: ZDate.optional(),
    to: ZDate.optional(),
    depId: ZDepId.optional(),
    userId: ZId.optional(),
    action: z.enum(AUDIT_ACTIONS, { error: MSG.required }).optional(),
    receiptNumber: ZId.optional(),
    admissionNo: z.string().trim().min(1, MSG.required).max(30, MSG.maxChars(30)).optional(),
    before: ZId.optional(),
    limit: z.int().min(1).max(200).default(AUDIT_PAGE_SIZE),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: MSG.dateRangeOrder, path: ['to'] });
export type TAuditListInput = z.input<typeof ZAuditListInput>;
export type TAuditListQuery = z.output<typeof ZAuditListInput>;
