/**
 * The outbox as staff and other programs read it, on the largest department: the Messages screen's
 * pages (the newest 50, failed only, a page deep, one student's), the statement's list of a student's
 * messages, and GET /rest/v2/messages by student, by status and by a month, through HTTP and directly.
 * Beside a large outbox when the run has one (--outbox N).
 */
import type { BenchEnv, Measurement, Row } from '../types';
import { measureProcedure, REPORT_COLUMNS, type ReportCase } from './reports';

/** The Messages screen's page size (OutboxPanel) and the statement's (StudentMessages). */
const PAGE = 50;
const TARGET = { text: 'p99<200', ok: (row: Row) => (row.values.httpP99Ms as number) < 200 };

function admissionNoOf(env: BenchEnv): string {
  const found = env.data
    .prepare('SELECT admission_no AS a FROM students WHERE id = ?')
    .get(env.target.statementStudentId) as { a: string };
  return found.a;
}

function rest(query: Record<string, string | number>): string {
  return `/rest/v2/messages?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
}

const depId = (env: BenchEnv) => env.target.depId;

const CASES: ReportCase[] = [
  {
    name: 'Messages screen: the newest page',
    procedure: 'messages.outbox',
    who: 'staff',
    input: (env) => ({ depId: depId(env), limit: PAGE, offset: 0 }),
  },
  {
    name: 'Messages screen: failed only',
    procedure: 'messages.outbox',
    who: 'staff',
    input: (env) => ({ depId: depId(env), status: 'failed', limit: PAGE, offset: 0 }),
  },
  {
    name: 'Messages screen: page 100',
    procedure: 'messages.outbox',
    who: 'staff',
    input: (env) => ({ depId: depId(env), limit: PAGE, offset: 99 * PAGE }),
  },
  {
    name: 'Messages screen: one student (admission number)',
    procedure: 'messages.outbox',
    who: 'staff',
    input: (env) => ({ depId: depId(env), admNo: admissionNoOf(env), limit: PAGE, offset: 0 }),
  },
  {
    name: "statement: the student's messages",
    procedure: 'messages.outbox',
    who: 'staff',
    input: (env) => ({ depId: depId(env), studentId: env.target.statementStudentId, limit: PAGE }),
  },
  {
    name: 'GET /rest/v2/messages by student',
    procedure: 'messages.list',
    who: 'staff',
    input: (env) => ({ depId: depId(env), admissionNo: admissionNoOf(env) }),
    restPath: (env) => rest({ depId: depId(env), admNo: admissionNoOf(env) }),
  },
  {
    name: 'GET /rest/v2/messages by status (failed)',
    procedure: 'messages.list',
    who: 'staff',
    input: (env) => ({ depId: depId(env), status: 'failed' }),
    restPath: (env) => rest({ depId: depId(env), status: 'failed' }),
  },
  {
    name: 'GET /rest/v2/messages, a month',
    procedure: 'messages.list',
    who: 'staff',
    input: (env) => ({ depId: depId(env), from: env.target.month.from, to: env.target.month.to }),
    restPath: (env) => rest({ depId: depId(env), from: env.target.month.from, to: env.target.month.to }),
  },
];

export const outbox: Measurement = {
  id: 'outbox',
  title: 'The outbox: Messages screen, statement and GET /rest/v2/messages (largest department)',
  columns: REPORT_COLUMNS,
  needs: ['messages.outbox', 'messages.list'],
  async run(env) {
    const sizes = env.data
      .prepare('SELECT count(*) AS total, sum(department_id = ?) AS department FROM messages')
      .get(depId(env)) as { total: number; department: number | null };
    const notes = [
      `the outbox as the run began: ${sizes.total} messages, ${sizes.department ?? 0} of them the department's`,
    ];
    const rows: Row[] = [];
    for (const c of CASES) {
      const row = await measureProcedure(env, c, notes);
      if (row) rows.push({ ...row, target: TARGET.text, ok: TARGET.ok(row) });
    }
    return { rows, notes };
  },
};
