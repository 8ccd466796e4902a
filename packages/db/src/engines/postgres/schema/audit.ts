import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { now, serialId } from './columns';

export const auditLog = pgTable(
  'audit_log',
  {
    id: serialId(),
    at: text('at').notNull().default(now),
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
