import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId } from './columns';

/** The six departments: fixed ids 100-105, seeded at every start. */
export const departments = pgTable('departments', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  prefix: text('prefix').notNull().unique(),
  code: text('code').notNull().unique(),
  shortName: text('short_name').notNull(),
});

export const courses = pgTable(
  'courses',
  {
    id: integer('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    name: text('name').notNull(),
  },
  (t) => [index('courses_department_idx').on(t.departmentId)],
);

export const categories = pgTable('categories', {
  id: serialId(),
  name: text('name').notNull().unique(),
});

export const religions = pgTable('religions', {
  id: serialId(),
  name: text('name').notNull().unique(),
});
