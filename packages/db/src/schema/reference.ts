import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** The six departments: fixed ids 100-105, seeded at every start. */
export const departments = sqliteTable('departments', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** Route prefix without the slash: ug, pg, hic, ttc, bed, ems. */
  prefix: text('prefix').notNull().unique(),
  /** Department code kept by the client for its guards: UG, PG, HIC, TTC, BED, EMS. */
  code: text('code').notNull().unique(),
  /** Label of the admin dashboard card: UG, PG, DHI, D.El.Ed, BEd, English School. */
  shortName: text('short_name').notNull(),
  /** The department's GST registration (15 characters with its check digit), printed on its receipts; null: none. */
  gstin: text('gstin'),
});

export const courses = sqliteTable(
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

export const categories = sqliteTable('categories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
});

export const religions = sqliteTable('religions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
});
