/**
 * Fee plans on the largest course: dues as of a date and demand notices for the whole
 * course and its largest batch, through HTTP and directly. The synthetic foundation has no plans,
 * so the batches of the course first get one (ten monthly instalments with a per-day fine, one
 * instalment with a percent fine of its own) on the bench's copy of the database.
 */
import { batches, loadBatchPlan, transaction, writeBatchPlan } from '@fees/db';
import { equalInstalments } from '@fees/money';
import { eq } from 'drizzle-orm';
import { today } from '@fees/server/config';
import type { BenchEnv, Measurement, Row } from '../types';
import { measureProcedure, REPORT_COLUMNS, type ReportCase } from './reports';

async function givePlans(env: BenchEnv): Promise<number> {
  const { db } = env.direct;
  let made = 0;
  for (const batch of await db.select().from(batches).where(eq(batches.courseId, env.target.courseId))) {
    const plan = await loadBatchPlan(db, batch.id);
    if (plan.hasPlan || plan.heads.length === 0) continue;
    const firstDueDate = plan.heads.map((h) => h.startDate).sort()[0]!;
    const instalments = equalInstalments(plan.heads, { count: 10, everyMonths: 1, firstDueDate }).map(
      ({ id: _, ...inst }, i) =>
        i === 9 ? { ...inst, fineRule: { type: 'percent' as const, percentBasisPoints: 200, graceDays: 10 } } : inst,
    );
    await transaction(db, (tx) =>
      writeBatchPlan(tx, {
        batchId: batch.id,
        fineRule: { type: 'per_day', perDayPaise: 10_00, capPaise: 500_00, graceDays: 5 },
        instalments,
        userId: null,
      }),
    );
    made++;
  }
  return made;
}

const asOf = () => today();
const course = ({ target: t }: BenchEnv) => ({ depId: t.depId, courseId: t.courseId, asOf: asOf() });
const batch = (env: BenchEnv) => ({ ...course(env), batchId: env.target.batchId });

const COURSE_TARGET = { text: 'p50<1000', ok: (row: Row) => (row.values.httpP50Ms as number) < 1000 };
const BATCH_TARGET = {
  text: 'p50<50, p99<150',
  ok: (row: Row) => (row.values.httpP50Ms as number) < 50 && (row.values.httpP99Ms as number) < 150,
};

const CASES: Array<ReportCase & { goal: typeof COURSE_TARGET }> = [
  {
    name: 'dues as of today, whole course',
    procedure: 'reports.duesAsOf',
    who: 'staff',
    input: course,
    goal: COURSE_TARGET,
  },
  {
    name: 'dues as of today, one batch',
    procedure: 'reports.duesAsOf',
    who: 'staff',
    input: batch,
    goal: BATCH_TARGET,
  },
  {
    name: 'dues as of today, overdue only, whole course',
    procedure: 'reports.duesAsOf',
    who: 'staff',
    input: (env) => ({ ...course(env), overdueOnly: true }),
    goal: COURSE_TARGET,
  },
  {
    name: 'defaulters, whole course',
    procedure: 'reports.defaulters',
    who: 'staff',
    input: course,
    goal: COURSE_TARGET,
  },
  {
    name: 'demand notices, one batch',
    procedure: 'plans.demandNotices',
    who: 'staff',
    input: (env) => ({ depId: env.target.depId, batchId: env.target.batchId, asOf: asOf(), payBy: asOf() }),
    goal: BATCH_TARGET,
  },
  {
    name: 'counter: student dues',
    procedure: 'plans.studentDues',
    who: 'staff',
    input: ({ target: t }) => ({ depId: t.depId, studentId: t.statementStudentId }),
    goal: BATCH_TARGET,
  },
];

export const plans: Measurement = {
  id: 'plans',
  title: 'Fee plans: dues as of a date, defaulters, demand notices (largest course and batch)',
  columns: REPORT_COLUMNS,
  needs: ['reports.duesAsOf'],
  async run(env) {
    const notes: string[] = [`${await givePlans(env)} batches of the course got a plan for this run`];
    const rows: Row[] = [];
    for (const c of CASES) {
      const row = await measureProcedure(env, c, notes);
      if (row) rows.push({ ...row, target: c.goal.text, ok: c.goal.ok(row) });
    }
    return { rows, notes };
  },
};
