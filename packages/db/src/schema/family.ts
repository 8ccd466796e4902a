import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { students } from './academics';

/**
 * The family page's link per student: its token signs the student's id with the generation here, so
 * revoking (the generation moves on) kills every link sent before at once. No row: generation 1,
 * never revoked. A revoked link stays dead until staff issue the next one.
 */
export const familyLinks = sqliteTable('family_links', {
  studentId: integer('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  generation: integer('generation').notNull().default(1),
  /** When the current generation was revoked; null while its link opens the page. */
  revokedAt: text('revoked_at'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: text('updated_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
});
