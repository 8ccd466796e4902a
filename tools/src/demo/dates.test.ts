import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { batches } from '@fees/db';
import { closeTestDatabase, openTestDatabase, temporaryFolder } from '@fees/db/testing';
import { buildApp } from '@fees/server/app';
import { LoginLimiter } from '@fees/server/auth/login-limiter';
import { DEPARTMENTS, isRealDate } from '@fees/validation';
import { addDays } from '@fees/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoBatchStartDates } from './academics';
import { loadDemoData } from './index';
import { demoPlanFor } from './plans';

const HEADS = [
  { feeHeadId: 1, amountPaise: 45_000_00 },
  { feeHeadId: 2, amountPaise: 2_500_00 },
];

/** Every day of a year, yyyy-MM-dd. */
function daysOf(year: number): string[] {
  const days: string[] = [];
  for (let day = `${year}-01-01`; day.startsWith(String(year)); day = addDays(day, 1)) days.push(day);
  return days;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the demo on any day of the year', () => {
  it('dates every batch and instalment on a day the calendar has, loaded on each day of a leap and a common year', () => {
    const days = [...daysOf(2027), ...daysOf(2028)];
    expect(days).toHaveLength(365 + 366);
    for (const today of days) {
      for (const start of demoBatchStartDates(today)) {
        expect(isRealDate(start), `${today}: batch start ${start}`).toBe(true);
        for (const department of DEPARTMENTS) {
          const dueDates = demoPlanFor(department.id, HEADS, start).instalments.map((i) => i.dueDate);
          for (const due of dueDates) expect(isRealDate(due), `${today}: ${department.code} due ${due}`).toBe(true);
          expect([...dueDates].sort(), `${today}: ${department.code}`).toEqual(dueDates);
          expect(dueDates[0]! >= start).toBe(true);
        }
      }
    }
  });

  // Loading the whole demo takes seconds: the days at a month's, February's and the year's end.
  it.each(['2027-01-31', '2028-02-29', '2027-08-31', '2027-12-31'])(
    'loaded on %s, every batch plan can be read over REST (GET /rest/v2/plans answers 200)',
    async (today) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${today}T10:00:00+05:30`));
      const db = await openTestDatabase();
      const accounts = await loadDemoData(db);
      vi.useRealTimers();
      const webRoot = join(temporaryFolder('fees-demo-dates-'), 'no-web');
      const app = await buildApp({ deps: { db, loginLimiter: new LoginLimiter(), secureCookies: false }, webRoot });
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const address = app.server.address();
        if (!address || typeof address === 'string') throw new Error('server has no port');
        const base = `http://127.0.0.1:${address.port}/rest`;
        const all = await db.select().from(batches);
        expect(all.length).toBeGreaterThan(0);
        for (const department of DEPARTMENTS) {
          const account = accounts.find((a) => a.email.startsWith(`${department.prefix}@`))!;
          const login = await fetch(`${base}/deplogin/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: account.email, password: account.password, depId: department.id }),
          });
          expect(login.status).toBe(200);
          const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
          for (const batch of all.filter((b) => b.departmentId === department.id)) {
            const plans = await fetch(`${base}/v2/plans?batchId=${batch.id}`, { headers: { cookie } });
            expect(plans.status, `${today}: batch ${batch.name} of ${department.code}`).toBe(200);
            const body = (await plans.json()) as { instalments: Array<{ dueDate: string }> };
            for (const i of body.instalments) expect(isRealDate(i.dueDate)).toBe(true);
          }
        }
      } finally {
        await app.close();
        await closeTestDatabase(db);
        rmSync(webRoot, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
