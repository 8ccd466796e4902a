import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { categories, courses, departments, religions } from './reference';

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** A batch belongs to one course of one department (dates are yyyy-MM-dd). */
export const batches = sqliteTable(
  'batches',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    name: text('name').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    /** Bumped by every update: an edit sent with an older one is refused (stale screen). */
    version: integer('version').notNull().default(1),
    /** When the batch was last updated (null until then). */
    updatedAt: text('updated_at'),
  },
  (t) => [
    uniqueIndex('batches_course_name_uq').on(t.courseId, t.name),
    index('batches_department_idx').on(t.departmentId),
  ],
);

/** Admission numbers are unique within a department. */
export const students = sqliteTable(
  'students',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id),
    admissionNo: text('admission_no').notNull(),
    capId: text('cap_id').notNull(),
    name: text('name').notNull(),
    admissionDate: text('admission_date').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    gender: text('gender', { enum: GENDERS }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    religionId: integer('religion_id').references(() => religions.id),
    email: text('email'),
    phone: text('phone'),
    /** 1: the student's own e-mail and phone get no reminders or notices (receipts still go). */
    remindersOptOut: integer('reminders_opt_out').notNull().default(0),
    parentName: text('parent_name'),
    address: text('address').notNull(),
    guardianAddress: text('guardian_address'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    /** Bumped by every update: an edit sent with an older one is refused (stale screen). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('students_department_admission_uq').on(t.departmentId, t.admissionNo),
    index('students_department_course_batch_idx').on(t.departmentId, t.courseId, t.batchId),
    index('students_batch_idx').on(t.batchId),
    // Find student: an admission number in any case, and the department's students walked in name order.
    index('students_department_admission_nocase_idx').on(t.departmentId, sql`${t.admissionNo} COLLATE NOCASE`),
    index('students_department_name_nocase_idx').on(t.departmentId, sql`${t.name} COLLATE NOCASE`),
  ],
);
