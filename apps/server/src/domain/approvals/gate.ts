/**
 * The maker's side of maker and checker: whether an operation must wait for a second person, and the
 * request it becomes instead of the change. The operation's own write calls these inside its transaction,
 * after its checks, so a request is only ever made for a change that could be made now.
 */
import {
  type AuditActor,
  findPendingApprovalRequest,
  getApprovalSettings,
  insertApprovalRequest,
  type Reader,
  type WriteTx,
  writeAudit,
} from '@fees/db';
import {
  type ApprovalOperation,
  type ApprovalSummary,
  refuse,
  SENT_FOR_APPROVAL_MESSAGE,
  type SentForApproval,
} from '@fees/validation';
import type { DepartmentAccess } from '../../department-access';
import { tellApprovers } from './notify';

/**
 * How a write is run: by its maker (an approval may be needed) or as an approved request's replay (the
 * second person has already said yes).
 */
export type WriteMode = 'maker' | 'approved';

/** Whether this operation by this caller must wait for a second person (an admin's never does). */
export async function approvalNeeded(
  db: Reader,
  operation: ApprovalOperation,
  access: DepartmentAccess,
  mode: WriteMode,
  amountPaise?: number,
): Promise<boolean> {
  if (mode === 'approved' || access.role === 'admin') return false;
  const settings = await getApprovalSettings(db);
  if (operation === 'discount')
    return settings.discountAbovePaise !== null && (amountPaise ?? 0) > settings.discountAbovePaise;
  return settings[operation];
}

/**
 * Records the request (what, why, by whom, the record's version, the input to replay) and its audit row;
 * the record itself is left as it is. A second request for the same record while one waits is refused.
 */
export async function sendForApproval(
  tx: WriteTx,
  actor: AuditActor,
  request: {
    departmentId: number;
    operation: ApprovalOperation;
    summary: ApprovalSummary;
    input: object;
    entityId: number | null;
    entityVersion: number | null;
    reason: string;
  },
): Promise<SentForApproval> {
  const requestedBy = actor.userId ?? refuse('UNAUTHORIZED', 'Please sign in');
  if (request.entityId !== null) {
    const waiting = await findPendingApprovalRequest(tx, {
      operation: request.operation,
      departmentId: request.departmentId,
      entityId: request.entityId,
    });
    if (waiting) refuse('CONFLICT', `${request.summary.what}: already waiting for approval (request ${waiting.id})`);
  }
  // The maker's idempotency key belongs to the maker's request; the replay is made once by its decision.
  const { idempotencyKey: _key, ...input } = request.input as { idempotencyKey?: string };
  const saved = await insertApprovalRequest(tx, { ...request, input, requestedBy });
  await tellApprovers(tx, saved, request.summary);
  await writeAudit(tx, {
    actor,
    action: 'request_approval',
    entity: 'approval_request',
    entityId: saved.id,
    after: {
      departmentId: request.departmentId,
      operation: request.operation,
      ...request.summary,
      reason: request.reason,
    },
  });
  return { status: 'sent for approval', requestId: saved.id, message: SENT_FOR_APPROVAL_MESSAGE };
}
