import type { AuditAction } from '@fees/validation';
import type { Reader, WriteTx } from '../client';
import { rows, run } from '../engines';
import type { auditLog } from '../schema';

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

const INSERT_AUDIT = `INSERT INTO audit_log (user_id, user_email, ip, action, entity, entity_id, before, after,
    department_id, admission_no)
  VALUES (@userId, @email, @ip, @action, @entity, @entityId, @before, @after,
    coalesce(@departmentId, (SELECT department_id FROM students WHERE id = @studentId)),
    coalesce(@admissionNo, (SELECT admission_no FROM students WHERE id = @studentId)))`;

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

/**
 * Appends one audit row; call it inside the transaction of the write it describes. A statement
 * compiled once: every write of the app, the receipt counter's included, goes through here.
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
  await run(db, INSERT_AUDIT, {
    userId: actor.userId,
    email: actor.email,
    ip: actor.ip ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    departmentId: first(
      'number',
      after?.departmentId,
      after?.depId,
      before?.departmentId,
      before?.depId,
      before?.student?.departmentId,
    ),
    studentId,
    admissionNo: first('string', after?.admissionNo, before?.admissionNo, before?.student?.admissionNo),
  });
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

/** An audit row as stored; action is one of the app's AuditActions. */
export type AuditRow = Omit<typeof auditLog.$inferSelect, 'action'> & { action: AuditEntry['action'] };

const AUDIT_COLUMNS = `id, at, user_id AS "userId", user_email AS "userEmail", ip, action, entity,
  entity_id AS "entityId",
  department_id AS "departmentId", admission_no AS "admissionNo", before, after`;

/**
 * One page of the audit log, newest first (ids grow with time), strictly older than the entry
 * `before` when given: a keyset page, as cheap on page 1,000 as on page 1. Each filter is served by
 * an index on (column, id) (migration 0008); limit + 1 rows are read to tell whether more exist.
 */
export async function listAuditEntries(db: Reader, params: AuditFilter & { before?: number; limit: number }) {
  const where: string[] = [];
  const values: Record<string, unknown> = { limit: params.limit + 1 };
  const add = (clause: string, name: string, value: unknown) => {
    where.push(clause);
    values[name] = value;
  };
  if (params.before !== undefined) add('id < @before', 'before', params.before);
  if (params.fromAt) add('at >= @fromAt', 'fromAt', params.fromAt);
  if (params.toAt) add('at < @toAt', 'toAt', params.toAt);
  if (params.departmentId !== undefined) add('department_id = @departmentId', 'departmentId', params.departmentId);
  if (params.userId !== undefined) add('user_id = @userId', 'userId', params.userId);
  if (params.action) add('action = @action', 'action', params.action);
  if (params.receiptNumber !== undefined)
    add(`entity = 'receipt' AND entity_id = @receiptNumber`, 'receiptNumber', String(params.receiptNumber));
  if (params.admissionNo) add('admission_no = @admissionNo', 'admissionNo', params.admissionNo);
  const found = await rows<AuditRow>(
    db,
    `SELECT ${AUDIT_COLUMNS} FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY id DESC LIMIT @limit`,
    values,
  );
  return { rows: found.slice(0, params.limit), more: found.length > params.limit };
}

/** A receipt's trail, oldest first: its creation, each edit and its void. */
export async function receiptAuditTrail(db: Reader, number: number): Promise<AuditRow[]> {
  return rows<AuditRow>(
    db,
    `SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE entity = 'receipt' AND entity_id = @number ORDER BY id`,
    {
      number: String(number),
    },
  );
}

/** The accounts the audit screen's user filter offers: all, or those of one department. */
export async function auditActors(db: Reader, departmentId: number | null) {
  const where = departmentId === null ? '' : 'WHERE department_id = @departmentId';
  return rows<{ id: number; email: string; role: 'admin' | 'user'; departmentId: number | null }>(
    db,
    `SELECT id, email, role, department_id AS "departmentId" FROM users ${where} ORDER BY email`,
    departmentId === null ? undefined : { departmentId },
  );
}
