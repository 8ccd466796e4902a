/**
 * Admin › Audit log on the synthetic foundation's trail (every receipt's creation, edits and voids:
 * 885k entries at full size, tens of thousands on --quick): a page of 50 through HTTP and directly,
 * with each filter the screen offers, a page deep in the log (keyset), and a department's own trail
 * as its staff see it. Target: under 100 ms a page.
 */
import type { BenchEnv, Measurement, Row } from '../types';
import { measureProcedure, REPORT_COLUMNS, type ReportCase } from './reports';

const one = <T>(env: BenchEnv, sql: string, ...params: unknown[]) =>
  env.data
    .prepare(sql)
    .pluck()
    .get(...params) as T;

function cases(env: BenchEnv): ReportCase[] {
  const { depId, month, statementStudentId } = env.target;
  const deep = one<number>(env, 'select id from audit_log order by id desc limit 1 offset 5000');
  const staffUser = one<number>(
    env,
    `select user_id from audit_log where department_id = ? and user_id is not null order by id desc limit 1`,
    depId,
  );
  // The department's own receipt: its staff open the history panel (another department's is refused).
  const receipt = one<string>(
    env,
    `select entity_id from audit_log where entity = 'receipt' and action = 'update' ` +
      `and department_id = ? order by id desc limit 1`,
    depId,
  );
  const admissionNo = one<string>(env, 'select admission_no from students where id = ?', statementStudentId);
  return [
    { name: 'first page, no filter', procedure: 'audit.list', who: 'admin', input: () => ({}) },
    {
      name: 'page 101 (5,000 entries in), no filter',
      procedure: 'audit.list',
      who: 'admin',
      input: () => ({ before: deep }),
    },
    { name: 'one department', procedure: 'audit.list', who: 'admin', input: () => ({ depId }) },
    { name: 'one department, page 101', procedure: 'audit.list', who: 'admin', input: () => ({ depId, before: deep }) },
    { name: 'voids only', procedure: 'audit.list', who: 'admin', input: () => ({ action: 'void' }) },
    { name: 'one user', procedure: 'audit.list', who: 'admin', input: () => ({ userId: staffUser }) },
    {
      name: 'a month (date range)',
      procedure: 'audit.list',
      who: 'admin',
      input: () => ({ from: month.from, to: month.to }),
    },
    {
      name: 'a month, one department, voids',
      procedure: 'audit.list',
      who: 'admin',
      input: () => ({ from: month.from, to: month.to, depId, action: 'void' }),
    },
    {
      name: 'a receipt number',
      procedure: 'audit.list',
      who: 'admin',
      input: () => ({ receiptNumber: Number(receipt) }),
    },
    { name: 'an admission number', procedure: 'audit.list', who: 'admin', input: () => ({ admissionNo }) },
    { name: "staff: the department's own trail", procedure: 'audit.list', who: 'staff', input: () => ({}) },
    {
      name: "a receipt's history panel",
      procedure: 'audit.receiptHistory',
      who: 'staff',
      input: () => ({ number: Number(receipt) }),
    },
  ];
}

const TARGET = { text: 'p99<100', ok: (row: Row) => (row.values.httpP99Ms as number) < 100 };

export const audit: Measurement = {
  id: 'audit',
  title: 'Audit log pages (50 entries) with each filter, and a receipt history',
  columns: REPORT_COLUMNS,
  needs: ['audit.list'],
  async run(env) {
    const entries = one<number>(env, 'select count(*) from audit_log');
    const notes = [`${entries.toLocaleString('en-IN')} audit entries`];
    const rows: Row[] = [];
    for (const c of cases(env)) {
      const row = await measureProcedure(env, c, notes);
      if (row) rows.push({ ...row, target: TARGET.text, ok: TARGET.ok(row) });
    }
    return { rows, notes };
  },
};
