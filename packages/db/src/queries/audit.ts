import type { AuditAction } from '@fees/validation';
import { type SQL, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { bound, rows, run } from '../engines';
import type { auditLog, UserRole } from '../schema';

export interface AuditActor {
  userId: number | null;
  email: string | null;
  ip?: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

type Snapshot = {
  departmentId?: unknown;
  depId?: unknown;
  admissionNo?: unknown;
  studentId?: unknown;
  student?: { departmentId?: unknown; admissionNo?: unknown };
} | null;

/** The first of the snapshots' values that is a number (or, for text, a string). */
function first<T extends 'number' | 'string'>(
  type: T,
  ...values: unknown[]
): (T extends 'number' ? number : string) | null {
  return (values.find((v) => typeof v === type) ?? null) as (T extends 'number' ? number : string) | null;
}

/** One audit row: who (the actor) beside what they did, flat like the row it becomes. */
export interface AuditWrite extends AuditEntry {
  actor: AuditActor;
}

const INSERT_AUDIT = sql`INSERT INTO audit_log (user_id, user_email, ip, action, entity, entity_id, before, after,
    department_id, admission_no)
  VALUES (${sql.placeholder('userId')}, ${sql.placeholder('email')}, ${sql.placeholder('ip')},
    ${sql.placeholder('action')}, ${sql.placeholder('entity')}, ${sql.placeholder('entityId')},
    ${sql.placeholder('before')}, ${sql.placeholder('after')},
    coalesce(${sql.placeholder('departmentId')},
      (SELECT department_id FROM students WHERE id = ${sql.placeholder('studentId')})),
    coalesce(${sql.placeholder('admissionNo')},
      (SELECT admission_no FROM students WHERE id = ${sql.placeholder('studentId')})))`;

/**
 * Appends one audit row; call it inside the transaction of the write it describes. Every write of the
 * app, the receipt counter's included, goes through here: its statement is built once.
 */
export async function writeAudit(db: WriteTx, { actor, ...entry }: AuditWrite): Promise<void> {
  // The department and admission number the audit screen filters on, from the snapshots or their student.
  const after = (typeof entry.after === 'object' ? entry.after : null) as Snapshot;
  const before = (typeof entry.before === 'object' ? entry.before : null) as Snapshot;
  const studentId = first(
    'number',
    after?.studentId,
    before?.studentId,
    entry.entity === 'student' ? Number(entry.entityId) : null,
  );
  const entityId = entry.entityId == null ? null : String(entry.entityId);
  const beforeJson = entry.before === undefined ? null : JSON.stringify(entry.before);
  const afterJson = entry.after === undefined ? null : JSON.stringify(entry.after);
  const departmentId = first(
    'number',
    after?.departmentId,
    after?.depId,
    before?.departmentId,
    before?.depId,
    before?.student?.departmentId,
  );
  const admissionNo = first('string', after?.admissionNo, before?.admissionNo, before?.student?.admissionNo);
  await run(
    db,
    bound(INSERT_AUDIT, {
      userId: actor.userId,
      email: actor.email,
      ip: actor.ip ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId,
      before: beforeJson,
      after: afterJson,
      departmentId,
      admissionNo,
      studentId,
    }),
  );
}

export interface AuditFilter {
  /** Local dates (yyyy-MM-dd), both included; turned into UTC instants by the caller's time zone. */
  fromAt?: string;
  toAt?: string;
  departmentId?: number;
  userId?: number;
  action?: AuditEntry['action'];
  receiptNumber?: number;
  admissionNo?: string;
}

/**
 * An audit row as stored; action is one of the app's AuditActions. userName is the account's display
 * name today (null once the account was deleted: userEmail stays).
 */
export type AuditRow = Omit<typeof auditLog.$inferSelect, 'action'> & {
  action: AuditEntry['action'];
  userName: string | null;
};

const AUDIT_COLUMNS = sql`id, at, user_id AS "userId", user_email AS "userEmail",
  (SELECT u.name FROM users u WHERE u.id = audit_log.user_id) AS "userName", ip, action, entity,
  entity_id AS "entityId",
  department_id AS "departmentId", admission_no AS "admissionNo", before, after`;

/**
 * One page of the audit log, newest first (ids grow with time), strictly older than the entry
 * `before` when given: a keyset page, as cheap on page 1,000 as on page 1. Each filter is served by
 * an index on (column, id) (migration 0008); limit + 1 rows are read to tell whether more exist.
 */
export async function listAuditEntries(db: Reader, params: AuditFilter & { before?: number; limit: number }) {
  const where: SQL[] = [];
  if (params.before !== undefined) where.push(sql`id < ${params.before}`);
  if (params.fromAt) where.push(sql`at >= ${params.fromAt}`);
  if (params.toAt) where.push(sql`at < ${params.toAt}`);
  if (params.departmentId !== undefined) where.push(sql`department_id = ${params.departmentId}`);
  if (params.userId !== undefined) where.push(sql`user_id = ${params.userId}`);
  if (params.action) where.push(sql`action = ${params.action}`);
  if (params.receiptNumber !== undefined)
    where.push(sql`entity = 'receipt' AND entity_id = ${String(params.receiptNumber)}`);
  if (params.admissionNo) where.push(sql`admission_no = ${params.admissionNo}`);
  const found = await rows<AuditRow>(
    db,
    sql`SELECT ${AUDIT_COLUMNS} FROM audit_log ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
         ORDER BY id DESC LIMIT ${params.limit + 1}`,
  );
  return { rows: found.slice(0, params.limit), more: found.length > params.limit };
}

/** A receipt's trail, oldest first: its creation, each edit and its void. */
export async function receiptAuditTrail(db: Reader, number: number): Promise<AuditRow[]> {
  return rows<AuditRow>(
    db,
    sql`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE entity = 'receipt' AND entity_id = ${String(number)} ORDER BY id`,
  );
}

/** The accounts the audit screen's user filter offers: all, or those of one department. */
export async function auditActors(db: Reader, departmentId: number | null) {
  const where =
    departmentId === null
      ? sql``
      : sql`WHERE id IN (SELECT user_id FROM user_departments WHERE department_id = ${departmentId})`;
  return rows<{ id: number; email: string; name: string; role: UserRole; departmentId: number | null }>(
    db,
    sql`SELECT id, email, name, role, department_id AS "departmentId" FROM users ${where} ORDER BY email`,
  );
}
