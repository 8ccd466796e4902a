import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { GENDERS } from '../../../schema/academics';
import { now, serialId } from './columns';
import { categories, courses, departments, religions } from './reference';

export const batches = pgTable(
  'batches',
  {
    id: serialId(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    name: text('name').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: text('updated_at'),
  },
  (t) => [
    uniqueIndex('batches_course_name_uq').on(t.courseId, t.name),
    index('batches_department_idx').on(t.departmentId),
  ],
);

export const students = pgTable(
  'students',
  {
    id: serialId(),
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
    parentName: text('parent_name'),
    address: text('address').notNull(),
    guardianAddress: text('guardian_address'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('students_department_admission_uq').on(t.departmentId, t.admissionNo),
    index('students_department_course_batch_idx').on(t.departmentId, t.courseId, t.batchId),
    index('students_batch_idx').on(t.batchId),
    // SQLite's COLLATE NOCASE indexes: PostgreSQL matches case-blind through lower().
    index('students_department_admission_nocase_idx').on(t.departmentId, sql`lower(${t.admissionNo})`),
    index('students_department_name_nocase_idx').on(t.departmentId, sql`lower(${t.name})`),
  ],
);
