import type { DbOrTx } from '../client';
import { prepared } from './prepared';

export interface AuditActor {
  userId: number | null;
  email: string | null;
  ip?: string | null;
}

export interface AuditEntry {
  action: 'create' | 'update' | 'delete' | 'void' | 'login' | 'login_failed' | 'logout' | 'import' | 'backup';
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
