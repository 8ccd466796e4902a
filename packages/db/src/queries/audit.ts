import type { DbOrTx } from '../client';
import { prepared } from './prepared';

export interface AuditActor {
  userId: number | null;
  email: string | null;
  ip?: string | null;
}

export interface AuditEntry {
  action: 'create' | 'update' | 'delete' | 'void' | 'login' | 'login_failed' | 'logout' | 'import' | 'backup' | 'close_day' | 'closed_day_change';
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

const INSERT_AUDIT = `INSERT INTO audit_log (user_id, user_email, ip, action, entity, entity_id, before, after, department_id, admission_no)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?,
    coalesce(?, (SELECT department_id FROM students WHERE id = ?)),
    coalesce(?, (SELECT admission_no FROM students WHERE id = ?)))`;

type Snapshot = {
  departmentId?: unknown;
  depId?: unknown;
  admissionNo?: unknown;
  studentId?: unknown;
  student?: { departmentId?: unknown; admissionNo?: unknown };
} | null;

/** The first of the snapshots' values that is a number (or, for text, a string). */
function first<T extends 'number' | 'string'>(type: T, ...values: unknown[]): (T extends 'number' ? number : string) | null {
  return (values.find((v) => typeof v === type) ?? null) as (T extends 'number' ? number : string) | null;
}

/**
 * Appends one audit row; call it inside the transaction of the write it describes. A statement
 * compiled once: every write of the app, the receipt counter's included, goes through here.
 */
export function writeAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): void {
  // The department and admission number the audit screen filters on, from the snapshots or their student.
  const after = (typeof entry.after === 'object' ? entry.after : null) as Snapshot;
  const before = (typeof entry.before === 'object' ? entry.before : null) as Snapshot;
  const studentId = first('number', after?.studentId, before?.studentId, entry.entity === 'student' ? Number(entry.entityId) : null);
  prepared(db, INSERT_AUDIT).run(
    actor.userId,
    actor.email,
    actor.ip ?? null,
    entry.action,
    entry.entity,
    entry.entityId == null ? null : String(entry.entityId),
    entry.before === undefined ? null : JSON.stringify(entry.before),
    entry.after === undefined ? null : JSON.stringify(entry.after),
    first('number', after?.departmentId, after?.depId, before?.departmentId, before?.depId, before?.student?.departmentId),
    studentId,
    first('string', after?.admissionNo, before?.admissionNo, before?.student?.admissionNo),
    studentId,
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

export interface AuditRow {
  id: number;
  at: string;
  userId: number | null;
  userEmail: string | null;
  ip: string | null;
  action: AuditEntry['action'];
  entity: string;
  entityId: string | null;
  departmentId: number | null;
  admissionNo: string | null;
  before: string | null;
  after: string | null;
}

const AUDIT_COLUMNS = `id, at, user_id AS userId, user_email AS userEmail, ip, action, entity, entity_id AS entityId,
  department_id AS departmentId, admission_no AS admissionNo, before, after`;

/**
 * One page of the audit log, newest first (ids grow with time), strictly older than the entry
 * `before` when given: a keyset page, as cheap on page 1,000 as on page 1. Each filter is served by
 * an index on (column, id) (migration 0008); limit + 1 rows are read to tell whether more exist.
 */
export function listAuditEntries(db: DbOrTx, filter: AuditFilter, page: { before?: number; limit: number }) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (page.before !== undefined) add('id < ?', page.before);
  if (filter.fromAt) add('at >= ?', filter.fromAt);
  if (filter.toAt) add('at < ?', filter.toAt);
  if (filter.departmentId !== undefined) add('department_id = ?', filter.departmentId);
  if (filter.userId !== undefined) add('user_id = ?', filter.userId);
  if (filter.action) add('action = ?', filter.action);
  if (filter.receiptNumber !== undefined) add(`entity = 'receipt' AND entity_id = ?`, String(filter.receiptNumber));
  if (filter.admissionNo) add('admission_no = ?', filter.admissionNo);
  const rows = prepared<AuditRow>(
    db,
    `SELECT ${AUDIT_COLUMNS} FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`,
  ).all(...params, page.limit + 1);
  return { rows: rows.slice(0, page.limit), more: rows.length > page.limit };
}

/** A receipt's trail, oldest first: its creation, each edit and its void. */
export function receiptAuditTrail(db: DbOrTx, number: number): AuditRow[] {
  return prepared<AuditRow>(
    db,
    `SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE entity = 'receipt' AND entity_id = ? ORDER BY id`,
  ).all(String(number));
}

/** The accounts the audit screen's user filter offers: all, or those of one department. */
export function auditActors(db: DbOrTx, departmentId: number | null) {
  const where = departmentId === null ? '' : 'WHERE department_id = ?';
  return prepared<{ id: number; email: string; role: 'admin' | 'user'; departmentId: number | null }>(
    db,
    `SELECT id, email, role, department_id AS departmentId FROM users ${where} ORDER BY email`,
  ).all(...(departmentId === null ? [] : [departmentId]));
}
