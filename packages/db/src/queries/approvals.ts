import type { ApprovalOperation, TApprovalSettings } from '@fees/validation';
import { NO_APPROVALS } from '@fees/validation';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { approvalRequests, approvalSettings, users } from '../schema';
import { timestampNow } from './now';
import { rows } from '../engines';

export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;

/** Which operations need a second person (all off without a row). */
export async function getApprovalSettings(db: Reader): Promise<TApprovalSettings> {
  const found = (await db.select().from(approvalSettings).where(eq(approvalSettings.id, 1)).limit(1))[0];
  if (!found) return NO_APPROVALS;
  return {
    void: found.void === 1,
    refund: found.refund === 1,
    waiver: found.waiver === 1,
    reopenDay: found.reopenDay === 1,
    backdated: found.backdated === 1,
    discountAbovePaise: found.discountAbovePaise,
  };
}

export async function setApprovalSettings(db: WriteTx, value: TApprovalSettings): Promise<void> {
  const row = {
    void: value.void ? 1 : 0,
    refund: value.refund ? 1 : 0,
    waiver: value.waiver ? 1 : 0,
    reopenDay: value.reopenDay ? 1 : 0,
    backdated: value.backdated ? 1 : 0,
    discountAbovePaise: value.discountAbovePaise,
  };
  await db
    .insert(approvalSettings)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: approvalSettings.id, set: row });
}

export async function insertApprovalRequest(
  db: WriteTx,
  request: {
    departmentId: number;
    operation: ApprovalOperation;
    summary: unknown;
    input: unknown;
    entityId: number | null;
    entityVersion: number | null;
    reason: string;
    requestedBy: number;
  },
): Promise<ApprovalRequestRow> {
  const inserted = await db
    .insert(approvalRequests)
    .values({ ...request, summary: JSON.stringify(request.summary), input: JSON.stringify(request.input) })
    .returning();
  return inserted[0]!;
}

export async function findApprovalRequest(db: Reader, id: number): Promise<ApprovalRequestRow | undefined> {
  return (await db.select().from(approvalRequests).where(eq(approvalRequests.id, id)).limit(1))[0];
}

/**
 * Decides a pending request: one statement that changes it only while it is pending, so of two deciders at
 * once one gets the row and the other none (on PostgreSQL the second waits for the first's COMMIT, then
 * finds it decided).
 */
export async function decideApprovalRequest(
  db: WriteTx,
  params: { id: number; status: 'approved' | 'rejected'; decidedBy: number; reason: string | null },
): Promise<ApprovalRequestRow | undefined> {
  const decided = await db
    .update(approvalRequests)
    .set({
      status: params.status,
      decidedBy: params.decidedBy,
      decidedAt: timestampNow(),
      decisionReason: params.reason,
    })
    .where(and(eq(approvalRequests.id, params.id), eq(approvalRequests.status, 'pending')))
    .returning();
  return decided[0];
}

/** An account's e-mail by id (accounts with history are kept, so the name stays). */
function emailOf(id: typeof approvalRequests.requestedBy | typeof approvalRequests.decidedBy) {
  return sql<string | null>`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${id})`;
}

/** A department's requests, newest first, with who asked and who decided. */
export async function listApprovalRequests(
  db: Reader,
  params: {
    departmentIds: readonly number[];
    statuses: readonly ('pending' | 'approved' | 'rejected')[];
    limit: number;
  },
) {
  return await db
    .select({
      id: approvalRequests.id,
      departmentId: approvalRequests.departmentId,
      operation: approvalRequests.operation,
      summary: approvalRequests.summary,
      entityId: approvalRequests.entityId,
      reason: approvalRequests.reason,
      status: approvalRequests.status,
      requestedBy: approvalRequests.requestedBy,
      requestedByEmail: emailOf(approvalRequests.requestedBy),
      requestedAt: approvalRequests.requestedAt,
      decidedBy: approvalRequests.decidedBy,
      decidedByEmail: emailOf(approvalRequests.decidedBy),
      decidedAt: approvalRequests.decidedAt,
      decisionReason: approvalRequests.decisionReason,
    })
    .from(approvalRequests)
    .where(
      and(
        inArray(approvalRequests.departmentId, params.departmentIds),
        inArray(approvalRequests.status, params.statuses),
      ),
    )
    .orderBy(desc(approvalRequests.id))
    .limit(params.limit);
}

/** The request waiting for the same operation on the same record, if any. */
export async function findPendingApprovalRequest(
  db: Reader,
  params: { operation: ApprovalOperation; departmentId: number; entityId: number },
): Promise<ApprovalRequestRow | undefined> {
  return (
    await db
      .select()
      .from(approvalRequests)
      .where(
        and(
          eq(approvalRequests.status, 'pending'),
          eq(approvalRequests.departmentId, params.departmentId),
          eq(approvalRequests.operation, params.operation),
          eq(approvalRequests.entityId, params.entityId),
        ),
      )
      .limit(1)
  )[0];
}

/** Someone a request's message goes to: an approver of its department, or the person who asked. */
export interface ApprovalContact {
  id: number;
  email: string;
  name: string;
}

/**
 * Who may decide a department's requests, besides the person who asked: the administrators and the
 * accountants serving the department, not disabled.
 */
export async function approversOf(
  db: Reader,
  params: { departmentId: number; exceptUserId: number },
): Promise<ApprovalContact[]> {
  return rows<ApprovalContact>(
    db,
    sql`SELECT u.id, u.email, u.name FROM users u
      WHERE u.disabled_at IS NULL AND u.id <> ${params.exceptUserId}
        AND (u.role = 'admin' OR (u.role = 'accountant' AND EXISTS (
          SELECT 1 FROM user_departments ud WHERE ud.user_id = u.id AND ud.department_id = ${params.departmentId})))
      ORDER BY u.id`,
  );
}
