import type { DbOrTx } from '../client';
import { auditLog } from '../schema';

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

/** Appends one audit row; call it inside the transaction of the write it describes. */
export function writeAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): void {
  db.insert(auditLog)
    .values({
      userId: actor.userId,
      userEmail: actor.email,
      ip: actor.ip ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .run();
}
