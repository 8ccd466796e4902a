/**
 * Every report and dashboard on the largest department and course (the course reports as their
 * screen asks: the course, then one batch): latency through HTTP (a tRPC GET with the input, one
 * request at a time) and of the same procedure called without HTTP, with the
 * ratio of the p50s. The counter's own reads (search, fees info, entry screen) are measured too.
 */
import { runHttpLoad, runLoad } from '../http';
import { summarize } from '../stats';
import type { BenchEnv, Measurement, Row } from '../types';

export interface ReportCase {
  name: string;
  procedure: string;
  who: 'staff' | 'admin';
  input: (env: BenchEnv) => unknown;
  /** A REST path answered by the procedure, measured through HTTP instead of the tRPC GET. */
  restPath?: (env: BenchEnv) => string;
}

/** What the course report screens ask for once a batch is chosen (REPORT_BATCH_ROW_LIMIT rows). */
const oneBatch = ({ target: t }: BenchEnv) => ({
  depId: t.depId,
  courseId: t.courseId,
  batchId: t.batchId,
  limit: 5_000,
});

const CASES: ReportCase[] = [
  {
    name: 'receipts by course',
    procedure: 'reports.feeReceipts',
    who: 'staff',
    input: ({ target: t }) => ({ depId: t.depId, courseId: t.courseId }),
  },
  { name: 'receipts by course, one batch', procedure: 'reports.feeReceipts', who: 'staff', input: oneBatch },
  {
    name: 'dues (with a balance)',
    procedure: 'reports.dues',
    who: 'staff',
    input: ({ target: t }) => ({ depId: t.depId, courseId: t.courseId }),
  },
  { name: 'dues, one batch', procedure: 'reports.dues', who: 'staff', input: oneBatch },
  {
    name: 'student fee info',
    procedure: 'reports.studentFeeInfo',
    who: 'staff',
    input: ({ target: t }) => ({ depId: t.depId, courseId: t.courseId }),
  },
  { name: 'student fee info, one batch', procedure: 'reports.studentFeeInfo', who: 'staff', input: oneBatch },
  {
    name: 'receipts between dates (a month)',
    procedure: 'reports.receiptsBetweenDates',
    who: 'staff',
    input: ({ target: t }) => ({ depId: t.depId, ...t.month }),
  },
  {
    name: 'collections, department, a month',
    procedure: 'reports.collections',
    who: 'staff',
    input: ({ target: t }) => ({ depId: t.depId, ...t.month }),
  },
  {
    name: 'collections, all, academic year',
    procedure: 'reports.collections',
    who: 'admin',
    input: ({ target: t }) => ({ ...t.year }),
  },
  {
    name: 'student statement',
    procedure: 'reports.statement',
    who: 'staff',
    input: ({ target: t }) => ({ depId: t.depId, studentId: t.statementStudentId }),
  },
  {
    name: 'department dashboard',
    procedure: 'students.dashboard',
    who: 'staff',
    input: ({ target: t }) => ({ depId: t.depId }),
  },
  { name: 'admin dashboard', procedure: 'admin.dashboard', who: 'admin', input: () => undefined },
  {
    name: 'counter: student search',
    procedure: 'receipts.searchStudents',
    who: 'staff',
    input: ({ target: t }) => ({ depId: t.depId, courseId: t.courseId, text: t.searchText }),
  },
  {
    name: 'counter: find student, a surname',
    procedure: 'receipts.findStudents',
    who: 'staff',
    input: ({ target: t }) => ({ depId: t.depId, text: t.searchText }),
  },
  // Nothing matches: the walk covers every student of the department (the slowest case).
  {
    name: 'counter: find student, no match',
    procedure: 'receipts.findStudents',
    who: 'staff',
    input: ({ target: t }) => ({ depId: t.depId, text: 'no such student' }),
  },
  {
    name: 'counter: fees info',
    procedure: 'receipts.feeInfo',
    who: 'staff',
    input: ({ target: t }) => ({ depId: t.depId, studentId: t.statementStudentId }),
  },
  {
    name: 'counter: entry screen',
    procedure: 'receipts.entryContext',
    who: 'staff',
    input: ({ target: t }) => ({ depId: t.depId, studentId: t.statementStudentId }),
  },
];

const http50 = (row: Row) => row.values.httpP50Ms as number;
const http99 = (row: Row) => row.values.httpP99Ms as number;

/**
 * One procedure through HTTP (a tRPC GET, or its REST path; one request at a time) and called directly, with the
 * ratio of the p50s; null (and a note) when it does not exist or fails.
 */
export async function measureProcedure(env: BenchEnv, c: ReportCase, notes: string[]): Promise<Row | null> {
  if (!env.hasProcedure(c.procedure)) {
    notes.push(`${c.name}: not available yet: ${c.procedure} does not exist`);
    return null;
  }
  env.log(`  ${c.procedure} (${c.name})`);
  const { reportSamples, reportMs } = env.budget;
  const input = c.input(env);
  const client = c.who === 'admin' ? env.admin : env.staff;
  const direct = c.who === 'admin' ? env.direct.admin : env.direct.staff;
  const path = c.restPath ? c.restPath(env) : client.trpcQueryPath(c.procedure, input);
  let responseBytes = 0;
  const fetchOnce = async () => {
    const res = await client.request('GET', path);
    if (res.status !== 200) throw new Error(`HTTP ${res.status} ${res.body.slice(0, 200)}`);
    responseBytes = res.bytes;
  };
  try {
    await fetchOnce();
    await direct(c.procedure, input);
  } catch (error) {
    notes.push(`${c.name}: failed: ${error instanceof Error ? error.message : error}`);
    return null;
  }
  const options = { concurrency: 1, maxRequests: reportSamples, maxMs: reportMs };
  const cpuBefore = env.server.cpuMs();
  const httpLoad = await runHttpLoad(client, options, () => ({ method: 'GET', path }));
  const serverCpuMs = (env.server.cpuMs() - cpuBefore) / httpLoad.samples.length;
  const directLoad = await runLoad(options, () => direct(c.procedure, input).then(() => {}));
  const http = summarize(httpLoad.samples);
  const ceiling = summarize(directLoad.samples);
  return {
    name: c.name,
    values: {
      procedure: c.procedure,
      httpP50Ms: http.p50,
      httpP99Ms: http.p99,
      directP50Ms: ceiling.p50,
      directP99Ms: ceiling.p99,
      ratio: http.p50 / ceiling.p50,
      serverCpuMs,
      directCpuMs: directLoad.ownCpuMs / directLoad.samples.length,
      responseBytes,
      n: http.n,
    },
  };
}

/** The fixed cost of one request on this machine, to read the ratios of sub-millisecond procedures against. */
async function floor(env: BenchEnv, name: string, path: string): Promise<Row> {
  const cpuBefore = env.server.cpuMs();
  const load = await runHttpLoad(
    env.staff,
    { concurrency: 1, maxRequests: env.budget.reportSamples, maxMs: env.budget.reportMs },
    () => ({
      method: 'GET',
      path,
    }),
  );
  const http = summarize(load.samples);
  return {
    name,
    values: {
      httpP50Ms: http.p50,
      httpP99Ms: http.p99,
      serverCpuMs: (env.server.cpuMs() - cpuBefore) / http.n,
      n: http.n,
    },
  };
}

/** Latency columns of a procedure measured through HTTP and directly. */
export const REPORT_COLUMNS: Measurement['columns'] = [
  { key: 'httpP50Ms', label: 'HTTP p50' },
  { key: 'httpP99Ms', label: 'HTTP p99' },
  { key: 'directP50Ms', label: 'direct p50' },
  { key: 'directP99Ms', label: 'direct p99' },
  { key: 'ratio', label: 'ratio' },
  { key: 'serverCpuMs', label: 'server CPU/req' },
  { key: 'directCpuMs', label: 'direct CPU/call' },
  { key: 'responseBytes', label: 'response' },
  { key: 'n', label: 'n' },
];

export const reports: Measurement = {
  id: 'reports',
  title: 'Reports and dashboards (largest department and course)',
  columns: REPORT_COLUMNS,
  async run(env) {
    const notes: string[] = [];
    const rows: Row[] = [await floor(env, 'reference: GET /healthz (no tRPC, no database)', '/healthz')];
    if (env.hasProcedure('auth.me')) {
      rows.push(
        await floor(env, 'reference: auth.me (tRPC + session only)', env.staff.trpcQueryPath('auth.me', undefined)),
      );
    }
    for (const c of CASES) {
      const row = await measureProcedure(env, c, notes);
      if (row)
        rows.push({
          ...row,
          target: 'p50<50, p99<150, <=3x',
          ok: http50(row) < 50 && http99(row) < 150 && (row.values.ratio as number) <= 3,
        });
    }
    return { rows, notes };
  },
};
