import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Who did what and when: every create, update, delete or void, and every sign-in, failure and
 * sign-out. before/after hold JSON snapshots. No foreign key on the user, so deleting an account
 * never loses its trail. department_id and admission_no are read from the snapshots when written
 * (writeAudit), for the audit screen's filters and a department's own trail; ids only grow with at,
 * so pages are keyset ranges of id.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: text('at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    userId: integer('user_id'),
    userEmail: text('user_email'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: text('before'),
    after: text('after'),
    ip: text('ip'),
    departmentId: integer('department_id'),
    admissionNo: text('admission_no'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_department_idx').on(t.departmentId, t.id),
    index('audit_log_user_idx').on(t.userId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_admission_idx').on(t.admissionNo, t.id),
  ],
);
