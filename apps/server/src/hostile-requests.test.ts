/**
 * Requests meant to hold the server, sent 20 at once to the real server process: deeply nested JSON
 * without a session, and 1 MB import previews. What the sender sees is asserted here; how long
 * /healthz waits meanwhile is measured by `pnpm bench --only hostile`.
 */
import { MSG, STUDENT_CSV_COLUMNS, STUDENT_IMPORT_MAX_CHARS, STUDENT_IMPORT_MAX_ROWS } from '@fees/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from './test/server-process';

const ADMIN = { email: 'admin@hostile.test', password: 'right-pass1' };

describe('requests meant to hold the server, against the real server process', () => {
  let server: ServerProcess;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BACKUP_SCHEDULE: 'off',
      LOG_LEVEL: 'warn',
    });
    const signedIn = await post('/trpc/auth.login', JSON.stringify(ADMIN));
    cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  }, 120_000);
  afterAll(() => server.stop());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('answers 20 bodies nested 20,000 deep, sent at once to tRPC and REST, with 400 and a message, never 500', async () => {
    const deep = nested(20_000);
    const sends = [
      () => post('/trpc/auth.logout', `{"depId":100,"x":${deep}}`),
      () => post('/trpc/auth.logout,auth.logout?batch=1', `{"0":{"x":${deep}}}`),
      () => post('/rest/login/', `{"email":${deep},"password":"x"}`),
      () => fetch(`${server.url}/trpc/auth.me?input=${encodeURIComponent(`{"x":${nested(1_000)}}`)}`),
    ];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => sends[i % sends.length]!()));
    const bodies = await Promise.all(answers.map((a) => a.text()));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(400));
    expect(bodies.every((b) => b.includes(MSG.nestedTooDeep))).toBe(true);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('takes 32 levels and refuses 33, signed in or not', async () => {
    expect((await post('/trpc/auth.logout', `{"x":${nested(31)}}`)).status).toBe(200);
    expect((await post('/trpc/auth.logout', `{"x":${nested(32)}}`)).status).toBe(400);
    const signedIn = await post('/trpc/batches.create', `{"depId":100,"x":${nested(32)}}`, { cookie });
    expect(signedIn.status).toBe(400);
    expect(await signedIn.text()).toContain(MSG.nestedTooDeep);
  });

  it('checks one import file at a time: of 20 previews of 1 MB sent at once the others are told to try again (429)', async () => {
    const batch = await post(
      '/trpc/batches.create',
      JSON.stringify({
        depId: 100,
        courseId: 1003,
        name: 'Hostile 2026-2029',
        startDate: '2026-06-01',
        endDate: '2029-03-31',
        confirm: true,
      }),
      { cookie },
    );
    expect(batch.status).toBe(200);
    const batchId = ((await batch.json()) as { result: { data: { id: number } } }).result.data.id;
    // Valid rows with every field near its longest: some 480 characters a row.
    const rows = Array.from({ length: STUDENT_IMPORT_MAX_ROWS }, (_, i) =>
      [
        `HOS-${i}`,
        `CAP${i}`,
        `Student ${i}`.padEnd(45, ' Kumar'),
        '16-06-2026',
        '11-03-2008',
        'Female',
        'General',
        '',
        `s${i}@example.in`,
        '9447000000',
        `Parent ${i}`.padEnd(45, ' Nair'),
        `House ${i}`.padEnd(180, ' Long Road'),
        `Lane ${i}`.padEnd(120, ' Lane'),
      ].join(','),
    );
    const csv = [STUDENT_CSV_COLUMNS.join(','), ...rows].join('\n');
    expect(csv.length).toBeGreaterThan(900_000);
    expect(csv.length).toBeLessThanOrEqual(STUDENT_IMPORT_MAX_CHARS);
    const body = JSON.stringify({ depId: 100, courseId: 1003, batchId, csv });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/trpc/students.importPreview', body, { cookie })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(statuses).toContain(200);
    expect(statuses).toContain(429);
    const refused = await answers[statuses.indexOf(429)]!.json();
    expect(refused).toMatchObject({ error: { message: MSG.importBusy } });
    const checked = (await answers[statuses.indexOf(200)]!.json()) as { result: { data: unknown } };
    expect(checked.result.data).toMatchObject({ total: STUDENT_IMPORT_MAX_ROWS, valid: STUDENT_IMPORT_MAX_ROWS });

    // Once they are answered the next file is checked.
    expect((await post('/trpc/students.importPreview', body, { cookie })).status).toBe(200);
  }, 120_000);
});
