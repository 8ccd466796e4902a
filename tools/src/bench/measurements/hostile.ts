/**
 * Requests meant to hold the server, and /healthz while they run: 20 at once of deeply nested JSON
 * (20,000 levels, 39 KB) without a session, to tRPC and to REST; then 20 student import previews at
 * once from one staff account, each a 1 MB file of 2,000 rows. A poller asks /healthz every 5 ms
 * meanwhile; its latencies are the pause everyone else gets.
 */
import { STUDENT_CSV_COLUMNS, STUDENT_IMPORT_MAX_CHARS, STUDENT_IMPORT_MAX_ROWS } from '@fees/validation';
import { type HttpClient, HttpClient as Client, type HttpResult } from '../http';
import { summarize } from '../stats';
import type { BenchEnv, Measurement, Row } from '../types';

const AT_ONCE = 20;
const NESTING = 20_000;

interface Poller {
  stop(): Promise<number[]>;
}

function pollHealth(port: number): Poller {
  const client = new Client(port, 1);
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const res = await client.request('GET', '/healthz');
      if (res.status !== 200) throw new Error(`/healthz: HTTP ${res.status}`);
      samples.push(res.ms);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      client.close();
      return samples;
    },
  };
}

/** `rounds` times: AT_ONCE requests sent together, the next round once all are answered. */
async function inRounds(rounds: number, send: (i: number) => Promise<HttpResult>): Promise<HttpResult[]> {
  const results: HttpResult[] = [];
  for (let round = 0; round < rounds; round++) {
    results.push(...(await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => send(round * AT_ONCE + i)))));
  }
  return results;
}

function statusesOf(results: HttpResult[]): string {
  const counts = new Map<number, number>();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n}x${status}`).join(' ');
}

/** A row of one kind of request: its answers and /healthz meanwhile, held to the targets given. */
async function measure(
  env: BenchEnv,
  name: string,
  rounds: number,
  send: (i: number) => Promise<HttpResult>,
  judge: (results: HttpResult[], healthP99: number) => { target: string; ok: boolean },
): Promise<Row> {
  const poller = pollHealth(env.server.options.port);
  await new Promise((r) => setTimeout(r, 50));
  const started = performance.now();
  const cpuBefore = env.server.cpuMs();
  const results = await inRounds(rounds, send);
  const elapsedMs = performance.now() - started;
  const cpuMs = env.server.cpuMs() - cpuBefore;
  const health = summarize(await poller.stop());
  const answers = summarize(results.map((r) => r.ms));
  return {
    name,
    values: {
      requests: results.length,
      statuses: statusesOf(results),
      answerP50Ms: answers.p50,
      answerMaxMs: answers.max,
      cpuPerRequestMs: cpuMs / results.length,
      healthN: health.n,
      healthP50Ms: health.p50,
      healthP99Ms: health.p99,
      healthMaxMs: health.max,
      elapsedMs,
    },
    ...judge(results, health.p99),
  };
}

/** A student file of exactly STUDENT_IMPORT_MAX_ROWS rows, just under STUDENT_IMPORT_MAX_CHARS characters. */
function studentFile(category: string): string {
  const header = STUDENT_CSV_COLUMNS.join(',');
  const budget = Math.floor((STUDENT_IMPORT_MAX_CHARS - header.length) / STUDENT_IMPORT_MAX_ROWS) - 2;
  const rows = Array.from({ length: STUDENT_IMPORT_MAX_ROWS }, (_, i) => {
    const values: Partial<Record<(typeof STUDENT_CSV_COLUMNS)[number], string>> = {
      admissionNo: `HOSTILE-${String(i).padStart(5, '0')}`,
      capId: `CAP${i}`,
      name: `Bench Student ${i}`,
      admissionDate: '16-06-2025',
      dateOfBirth: '11-03-2007',
      gender: 'Female',
      category,
      religion: '',
      email: `bench${i}@example.in`,
      phone: '9447000000',
      parentName: `Bench Parent ${i}`,
      address: '',
      guardianAddress: '',
    };
    const used = STUDENT_CSV_COLUMNS.map((c) => values[c] ?? '').join(',').length;
    const pad = budget - used;
    values.address = `House ${i} ${'Road '.repeat(Math.floor(pad / 2 / 5))}`.slice(0, Math.floor(pad / 2));
    values.guardianAddress = `Lane ${'Lane '.repeat(Math.ceil(pad / 2 / 5))}`.slice(0, Math.ceil(pad / 2));
    return STUDENT_CSV_COLUMNS.map((c) => values[c]).join(',');
  });
  return [header, ...rows].join('\n');
}

export const hostile: Measurement = {
  id: 'hostile',
  title: 'Hostile requests, 20 at once: their answers and /healthz meanwhile',
  needs: ['auth.logout', 'students.importPreview'],
  columns: [
    { key: 'requests', label: 'requests' },
    { key: 'statuses', label: 'answers' },
    { key: 'answerP50Ms', label: 'answer p50 ms' },
    { key: 'answerMaxMs', label: 'answer max ms' },
    { key: 'cpuPerRequestMs', label: 'server CPU ms/request' },
    { key: 'healthN', label: '/healthz n' },
    { key: 'healthP50Ms', label: '/healthz p50 ms' },
    { key: 'healthP99Ms', label: '/healthz p99 ms' },
    { key: 'healthMaxMs', label: '/healthz max ms' },
    { key: 'elapsedMs', label: 'elapsed ms' },
  ],
  async run(env) {
    const nested = `${'['.repeat(NESTING)}${']'.repeat(NESTING)}`;
    const anonymous: HttpClient = new Client(env.server.options.port, AT_ONCE);
    const rows: Row[] = [];
    const refusedQuickly = (results: HttpResult[], healthP99: number) => ({
      target: 'each 400 <10 ms, /healthz p99<100 ms',
      ok: results.every((r) => r.status === 400 && r.ms < 10) && healthP99 < 100,
    });
    try {
      const rounds = env.quick ? 5 : 20;
      rows.push(
        await measure(
          env,
          `POST /trpc/auth.logout, ${NESTING} levels`,
          rounds,
          () => anonymous.request('POST', '/trpc/auth.logout', `{"depId":100,"x":${nested}}`),
          refusedQuickly,
        ),
        await measure(
          env,
          `POST /rest/login/, ${NESTING} levels`,
          rounds,
          () => anonymous.request('POST', '/rest/login/', `{"email":${nested},"password":"x"}`),
          refusedQuickly,
        ),
      );
    } finally {
      anonymous.close();
    }

    const category = (env.data.prepare('select name from categories order by id limit 1').get() as { name: string })
      .name;
    const csv = studentFile(category);
    const body = JSON.stringify({
      depId: env.target.depId,
      courseId: env.target.courseId,
      batchId: env.target.batchId,
      csv,
    });
    rows.push(
      await measure(
        env,
        `students.importPreview, ${STUDENT_IMPORT_MAX_ROWS} rows, ${(csv.length / 1e6).toFixed(2)} MB`,
        env.quick ? 1 : 3,
        () => env.staff.request('POST', '/trpc/students.importPreview', body),
        (results, healthP99) => ({
          target: '200 or 429, /healthz p99<100 ms',
          ok: results.every((r) => r.status === 200 || r.status === 429) && healthP99 < 100,
        }),
      ),
    );
    return {
      rows,
      notes: [
        `${AT_ONCE} requests sent together per round; /healthz asked by one connection every 5 ms meanwhile`,
        'server CPU ms/request: the server process CPU time (user+system) over the run, ' +
          '/healthz polls included, per request',
        `the import file: ${csv.length} characters, ${STUDENT_IMPORT_MAX_ROWS} valid rows; a preview writes nothing`,
      ],
    };
  },
};
