/**
 * Batches, fee structures, students and discounts of the synthetic foundation: a batch per course
 * per admission year (every cohort still on the rolls during the window), 6-12 fee heads per batch,
 * students spread over courses and batches, and a discount or two for about 10% of them.
 */
import type Sqlite from 'better-sqlite3';
import { calendarDate, COURSES, DEPARTMENTS } from '@fees/validation';
import type { Random } from '@fees/validation/testing';
import { DEPARTMENT_SHAPES, FEE_HEAD_PRICES, FIRST_NAMES, LAST_NAMES, PLACES } from './shape';

export interface Window {
  /** First and last academic year (June to May, named by the starting year) holding receipts. */
  firstYear: number;
  lastYear: number;
  /** yyyy-MM-dd: no receipt is dated after it. */
  today: string;
}

export interface FeeLine {
  feeHeadId: number;
  amountPaise: number;
}

export interface SyntheticStudent {
  id: number;
  departmentId: number;
  courseId: number;
  batchId: number;
  /** Academic years of the batch: startYear .. startYear + years - 1. */
  startYear: number;
  years: number;
  name: string;
  address: string;
  phone: string;
  email: string;
  fees: FeeLine[];
}

export interface Reference {
  feeHeadIds: Map<string, number>;
  categoryIds: number[];
  religionIds: number[];
}

const AGE_AT_ADMISSION: Record<number, number> = { 100: 18, 101: 21, 102: 18, 103: 18, 104: 22, 105: 4 };
const DISCOUNT_NOTES = ['Merit scholarship', 'Sibling concession', 'Staff ward', 'Management quota', null];

function round50Rupees(rupees: number): number {
  return Math.max(50, Math.round(rupees / 50) * 50);
}

/** Splits n into `parts` whole numbers by weight; the remainder goes to the first parts. */
function split(n: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.floor((n * w) / total));
  let left = n - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % shares.length, left--) shares[i]! += 1;
  return shares;
}

interface BatchPlan {
  id: number;
  departmentId: number;
  courseId: number;
  startYear: number;
  years: number;
  fees: FeeLine[];
}

export function insertBatchesAndFees(
  sqlite: Sqlite.Database,
  rng: Random,
  ref: Reference,
  window: Window,
): BatchPlan[] {
  const insertBatch = sqlite.prepare(
    'insert into batches (id, department_id, course_id, name, start_date, end_date) values (?, ?, ?, ?, ?, ?)',
  );
  const insertFee = sqlite.prepare(
    'insert into fee_structures (batch_id, fee_head_id, amount_paise, start_date, end_date) values (?, ?, ?, ?, ?)',
  );
  const heads = [...ref.feeHeadIds.keys()];
  const plans: BatchPlan[] = [];
  sqlite.transaction(() => {
    for (const course of COURSES) {
      const shape = DEPARTMENT_SHAPES[course.departmentId];
      for (let start = window.firstYear - shape.years + 1; start <= window.lastYear; start++) {
        const id = plans.length + 1;
        const startDate = `${start}-06-01`;
        const endDate = `${start + shape.years}-05-31`;
        insertBatch.run(id, course.departmentId, course.id, `${start}-${start + shape.years}`, startDate, endDate);
        const others = rng.sample(
          heads.filter((h) => h !== 'Tuition Fee'),
          rng.int(5, 11),
        );
        const fees: FeeLine[] = [];
        for (const head of ['Tuition Fee', ...others]) {
          const price = FEE_HEAD_PRICES[head] ?? { min: 1_000, max: 5_000, perYear: false };
          const perYear = rng.int(price.min, price.max) * shape.feeScale;
          const rupees = round50Rupees(price.perYear ? perYear * shape.years : perYear);
          const feeHeadId = ref.feeHeadIds.get(head)!;
          insertFee.run(id, feeHeadId, rupees * 100, startDate, endDate);
          fees.push({ feeHeadId, amountPaise: rupees * 100 });
        }
        plans.push({
          id,
          departmentId: course.departmentId,
          courseId: course.id,
          startYear: start,
          years: shape.years,
          fees,
        });
      }
    }
  })();
  return plans;
}

export function insertStudents(
  sqlite: Sqlite.Database,
  rng: Random,
  ref: Reference,
  batches: BatchPlan[],
  studentCount: number,
): SyntheticStudent[] {
  const insert = sqlite.prepare(
    `insert into students (id, department_id, course_id, batch_id, admission_no, cap_id, name, admission_date,
       date_of_birth, gender, category_id, religion_id, email, phone, parent_name, address, guardian_address,
       created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const perDepartment = split(
    studentCount,
    DEPARTMENTS.map((d) => DEPARTMENT_SHAPES[d.id].share),
  );
  const students: SyntheticStudent[] = [];
  /** Admission numbers run per department and admission year: 2019 + 00042. */
  const admissionSeq = new Map<string, number>();
  sqlite.transaction(() => {
    DEPARTMENTS.forEach((department, d) => {
      const courses = COURSES.filter((c) => c.departmentId === department.id);
      const perCourse = split(
        perDepartment[d]!,
        courses.map(() => 0.5 + rng.next()),
      );
      courses.forEach((course, c) => {
        const courseBatches = batches.filter((b) => b.courseId === course.id);
        const perBatch = split(
          perCourse[c]!,
          courseBatches.map(() => 1),
        );
        courseBatches.forEach((batch, b) => {
          for (let i = 0; i < perBatch[b]!; i++) {
            const id = students.length + 1;
            const seqKey = `${department.id}:${batch.startYear}`;
            const seq = (admissionSeq.get(seqKey) ?? 0) + 1;
            admissionSeq.set(seqKey, seq);
            const first = rng.pick(FIRST_NAMES);
            const last = rng.pick(LAST_NAMES);
            const name = `${first} ${last}`;
            const place = rng.pick(PLACES);
            const address = `${rng.int(1, 400)}, ${last} House, ${place}, Kerala ${rng.int(670001, 695615)}`;
            const phone = `9${String(rng.int(100000000, 999999999))}`;
            const email = `${first}.${last}${id}@example.in`.toLowerCase();
            const admissionDate = calendarDate(batch.startYear, 6, rng.int(1, 28));
            const birthYear = batch.startYear - (AGE_AT_ADMISSION[department.id] ?? 18);
            const dateOfBirth = calendarDate(birthYear, rng.int(1, 12), rng.int(1, 28));
            insert.run(
              id,
              department.id,
              course.id,
              batch.id,
              `${batch.startYear}${String(seq).padStart(5, '0')}`,
              `CAP${rng.int(1_000_000, 9_999_999)}`,
              name,
              admissionDate,
              dateOfBirth,
              rng.chance(0.02) ? 'Other' : rng.chance(0.5) ? 'Female' : 'Male',
              rng.pick(ref.categoryIds),
              rng.chance(0.9) ? rng.pick(ref.religionIds) : null,
              email,
              phone,
              `${rng.pick(FIRST_NAMES)} ${last}`,
              address,
              rng.chance(0.2) ? `C/o ${rng.pick(FIRST_NAMES)} ${last}, ${rng.pick(PLACES)}` : null,
              `${admissionDate}T05:00:00.000Z`,
              `${admissionDate}T05:00:00.000Z`,
            );
            students.push({
              id,
              departmentId: department.id,
              courseId: course.id,
              batchId: batch.id,
              startYear: batch.startYear,
              years: batch.years,
              name,
              address,
              phone,
              email,
              fees: batch.fees,
            });
          }
        });
      });
    });
    // The students' triggers are off during a bulk load: each student's open enrolment is written here.
    sqlite.exec(
      `insert into enrolments (student_id, batch_id, from_date, status)
       select s.id, s.batch_id, max(s.admission_date, b.start_date), 'open'
       from students s join batches b on b.id = s.batch_id
       where not exists (select 1 from enrolments e where e.student_id = s.id)`,
    );
  })();
  return students;
}

/** About 10% of students get a discount (and sometimes an adjustment) on one or two of their heads. */
export function insertDiscounts(sqlite: Sqlite.Database, rng: Random, students: SyntheticStudent[]): number {
  const insert = sqlite.prepare(
    `insert into discounts (student_id, fee_head_id, discount_paise, adjustment_paise, note, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?)`,
  );
  let count = 0;
  sqlite.transaction(() => {
    for (const student of students) {
      if (!rng.chance(0.1)) continue;
      const at = `${student.startYear}-07-01T05:00:00.000Z`;
      for (const fee of rng.sample(student.fees, rng.int(1, 2))) {
        const rupees = fee.amountPaise / 100;
        const discount = round50Rupees(rupees * (0.1 + rng.next() * 0.4));
        const adjustment = rng.chance(0.3) ? round50Rupees(rupees * rng.next() * 0.05) : 0;
        insert.run(student.id, fee.feeHeadId, discount * 100, adjustment * 100, rng.pick(DISCOUNT_NOTES), at, at);
        count++;
      }
    }
  })();
  return count;
}
