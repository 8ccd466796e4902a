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

const INSERT_AUDIT = `INSERT INTO audit_log (user_id, user_email, ip, action, entity, entity_id, before, after)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;

/**
 * Appends one audit row; call it inside the transaction of the write it describes. A statement
 * compiled once: every write of the app, the receipt counter's included, goes through here.
 */
export function writeAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): void {
  prepared(db, INSERT_AUDIT).run(
    actor.userId,
    actor.email,
    actor.ip ?? null,
    entry.action,
    entry.entity,
    entry.entityId == null ? null : String(entry.entityId),
    entry.before === undefined ? null : JSON.stringify(entry.before),
    entry.after === undefined ? null : JSON.stringify(entry.after),
  );
}
