/**
 * The checker's side of maker and checker: a department's requests, and their decision. Approving runs
 * the very write the maker asked for, replayed from the stored input, in one transaction with the
 * request's decision and the audit row naming both people; a request is decided once (the decision is
 * an UPDATE of a pending row: of two approvers at once, one wins and the other is told who did).
 */
import {
  type ApprovalRequestRow,
  decideApprovalRequest,
  findAccount,
  findApprovalRequest,
  findReceiptByNumber,
  getApprovalSettings,
  listApprovalRequests,
  type Reader,
  setApprovalSettings,
  type WriteTx,
  writeAudit,
} from '@fees/db';
import {
  type ApprovalOperation,
  type ApprovalSummary,
  AppError,
  clockTime,
  DEPARTMENTS,
  receiptLabel,
  refundLabel,
  refuse,
  type TApprovalIdInput,
  type TApprovalSettings,
  type TCreateDiscountInput,
  type TCreateReceiptInput,
  type TCreateRefundInput,
  type TWaiveFineInput,
  paiseToRupeesText,
  type TListApprovalsInput,
  type TRejectApprovalInput,
  type TUpdateDiscountInput,
  type TVoidReceiptInput,
} from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { mayApprove, servesDepartment } from '../../department-access';
import { reopenDayIn, type ReopenDayRequest } from '../days/reopen';
import { assertDiscountUnchanged } from '../discounts/approval';
import { createDiscountIn } from '../discounts/create';
import { rethrowDuplicate } from '../discounts/shared';
import { editDiscountIn } from '../discounts/update';
import { waiveFineIn } from '../plans/waiveFine';
import { takeReceipt, voidReceipt } from '../receipts/service';
import { createRefund } from '../refunds/service';
import { inTransaction } from '../write';
import { tellRequester } from './notify';

type Session = AuthedContext['session'];

/** An approved request's write, replayed under the approver's session; answers what was done. */
type Replay = (tx: WriteTx, ctx: Pick<AuthedContext, 'session' | 'ip'>, request: ApprovalRequestRow) => Promise<string>;

/** Refuses (409) when the record the request names changed after it was made, saying what changed. */
async function assertReceiptUnchanged(tx: Reader, request: ApprovalRequestRow): Promise<void> {
  const receipt = await findReceiptByNumber(tx, request.entityId ?? 0);
  if (!receipt || receipt.version === request.entityVersion) return;
  const label = receiptLabel(receipt.number);
  const at = clockTime(new Date(receipt.voidedAt ?? receipt.updatedAt ?? receipt.createdAt));
  const change =
    receipt.status === 'voided'
      ? `was voided at ${at}${receipt.voidedByEmail ? ` by ${receipt.voidedByEmail}` : ''}`
      : `was edited at ${at}`;
  throw new AppError('STALE', `Receipt ${label} ${change}, after this request was made: reject it and ask again`);
}

const REPLAYS: Record<ApprovalOperation, Replay> = {
  void: async (tx, ctx, request) => {
    await assertReceiptUnchanged(tx, request);
    const input = JSON.parse(request.input) as TVoidReceiptInput;
    await voidReceipt(tx, actorOf(ctx), input, ctx.session, 'approved');
    return `Receipt ${receiptLabel(input.number)} voided`;
  },
  refund: async (tx, ctx, request) => {
    const input = JSON.parse(request.input) as TCreateRefundInput;
    const made = await createRefund(tx, actorOf(ctx), input, ctx.session, 'approved');
    return 'requestId' in made ? 'Sent for approval' : `Refund ${refundLabel(made.number)} made`;
  },
  waiver: async (tx, ctx, request) => {
    const input = JSON.parse(request.input) as TWaiveFineInput;
    await waiveFineIn(tx, ctx, input, 'approved');
    return `Fine of ${paiseToRupeesText(input.amountPaise)} waived`;
  },
  reopenDay: async (tx, ctx, request) => {
    const input = JSON.parse(request.input) as ReopenDayRequest;
    const reopened = await reopenDayIn(tx, ctx, input, 'approved');
    return reopened.message;
  },
  discount: async (tx, ctx, request) => {
    await assertDiscountUnchanged(tx, { ...request, summary: summaryOf(request) });
    const input = JSON.parse(request.input) as TCreateDiscountInput | TUpdateDiscountInput;
    try {
      const made =
        'id' in input
          ? await editDiscountIn(tx, ctx, input, 'approved')
          : await createDiscountIn(tx, ctx, input, 'approved');
      return 'requestId' in made ? 'Sent for approval' : made.Message;
    } catch (error) {
      return rethrowDuplicate(error);
    }
  },
  backdated: async (tx, ctx, request) => {
    const input = JSON.parse(request.input) as TCreateReceiptInput;
    const made = await takeReceipt(tx, actorOf(ctx), input, ctx.session, 'approved');
    return 'requestId' in made ? 'Sent for approval' : `Receipt ${receiptLabel(made.number)} made`;
  },
};

/** The request, refusing a missing one (404), another department's (403) and the maker's own (403). */
async function requestToDecide(tx: Reader, session: Session, id: number): Promise<ApprovalRequestRow> {
  const request = (await findApprovalRequest(tx, id)) ?? refuse('NOT_FOUND', `Approval request ${id} does not exist`);
  if (request.requestedBy === session.userId)
    refuse('FORBIDDEN', 'You made this request: another accountant or an administrator must decide it');
  if (!mayApprove(session, request.departmentId, request))
    refuse('FORBIDDEN', 'This request belongs to another department');
  return request;
}

/** Marks the request decided, or says who decided it first (409). */
async function decide(
  tx: WriteTx,
  session: Session,
  request: ApprovalRequestRow,
  status: 'approved' | 'rejected',
  reason: string | null,
): Promise<void> {
  const decided = await decideApprovalRequest(tx, { id: request.id, status, decidedBy: session.userId, reason });
  if (decided) return;
  const now = (await findApprovalRequest(tx, request.id))!;
  const by = now.decidedBy === null ? null : await findAccount(tx, now.decidedBy);
  refuse('CONFLICT', `Request ${request.id} was already ${now.status}${by ? ` by ${by.email}` : ''}`);
}

async function auditDecision(
  tx: WriteTx,
  ctx: Pick<AuthedContext, 'session' | 'ip'>,
  request: ApprovalRequestRow,
  action: 'approve' | 'reject',
  extra: Record<string, unknown>,
): Promise<void> {
  const maker = await findAccount(tx, request.requestedBy);
  await writeAudit(tx, {
    actor: actorOf(ctx),
    action,
    entity: 'approval_request',
    entityId: request.id,
    before: { status: 'pending' },
    after: {
      departmentId: request.departmentId,
      operation: request.operation,
      ...summaryOf(request),
      reason: request.reason,
      requestedBy: { id: request.requestedBy, email: maker?.email ?? null },
      decidedBy: { id: ctx.session.userId, email: ctx.session.email },
      ...extra,
    },
  });
}

const summaryOf = (request: ApprovalRequestRow) => JSON.parse(request.summary) as ApprovalSummary;

/** Approves a pending request: the maker's write runs now, with the decision and its audit row. */
export function approveRequest(ctx: AuthedContext, input: TApprovalIdInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    const request = await requestToDecide(tx, ctx.session, input.id);
    await decide(tx, ctx.session, request, 'approved', null);
    const done = await REPLAYS[request.operation](tx, ctx, request);
    await auditDecision(tx, ctx, request, 'approve', { done });
    await tellRequester(tx, request, { status: 'approved', by: ctx.session, outcome: ` ${done}.` }, summaryOf(request));
    return { id: request.id, status: 'approved' as const, message: done };
  });
}

/** Rejects a pending request with a reason; the record stays as it is. */
export function rejectRequest(ctx: AuthedContext, input: TRejectApprovalInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    const request = await requestToDecide(tx, ctx.session, input.id);
    await decide(tx, ctx.session, request, 'rejected', input.reason);
    await auditDecision(tx, ctx, request, 'reject', { decisionReason: input.reason });
    const outcome = ` Reason: ${input.reason}. Nothing was changed.`;
    await tellRequester(tx, request, { status: 'rejected', by: ctx.session, outcome }, summaryOf(request));
    return { id: request.id, status: 'rejected' as const, message: 'Request rejected' };
  });
}

const STATUSES = {
  pending: ['pending'],
  decided: ['approved', 'rejected'],
  approved: ['approved'],
  rejected: ['rejected'],
} as const;

/** Newest first, at most this many: a department's requests are few; the decided ones are history. */
const LIST_LIMIT = 200;

/** A department's requests with what each changes, and whether this session may decide it. */
export async function listRequests(ctx: AuthedContext, input: TListApprovalsInput) {
  const rows = await listApprovalRequests(ctx.db, {
    departmentIds: [input.depId],
    statuses: input.status ? STATUSES[input.status] : ['pending', 'approved', 'rejected'],
    limit: LIST_LIMIT,
  });
  return rows.map((row) => shown(ctx.session, row));
}

type ListedRow = Awaited<ReturnType<typeof listApprovalRequests>>[number];

function shown(session: Session, { summary, ...row }: ListedRow) {
  return {
    ...row,
    summary: JSON.parse(summary) as ApprovalSummary,
    mayDecide: row.status === 'pending' && mayApprove(session, row.departmentId, row),
  };
}

/**
 * The pending requests of every department this session serves, in one read: each department's count
 * and its newest few (the admin dashboard shows three of each).
 */
export async function pendingByDepartment(ctx: AuthedContext, shownEach = 3) {
  const served = DEPARTMENTS.filter((d) => servesDepartment(ctx.session, d.id)).map((d) => d.id);
  const rows = await listApprovalRequests(ctx.db, { departmentIds: served, statuses: ['pending'], limit: LIST_LIMIT });
  return served.flatMap((departmentId) => {
    const mine = rows.filter((r) => r.departmentId === departmentId);
    if (mine.length === 0) return [];
    return [{ departmentId, count: mine.length, requests: mine.slice(0, shownEach).map((r) => shown(ctx.session, r)) }];
  });
}

export function getApprovals(ctx: AuthedContext) {
  return getApprovalSettings(ctx.db);
}

/** Turns operations' approval on or off (admin); audited. */
export function updateApprovals(ctx: AuthedContext, input: TApprovalSettings) {
  return inTransaction(ctx, async (tx, ctx) => {
    const before = await getApprovalSettings(tx);
    await setApprovalSettings(tx, input);
    const after = await getApprovalSettings(tx);
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'update',
      entity: 'approval_settings',
      entityId: 1,
      before,
      after,
    });
    return after;
  });
}
