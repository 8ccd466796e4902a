import { auditLog } from '@fees/db';
import { onPostgres } from '@fees/db/testing';
import Sqlite from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { LoginLimiter } from '../auth/login-limiter';
import { SESSION_COOKIE, startSession } from '../auth/sessions';
import { today } from '../config';
import { useFixture, useHarness } from '../test/use-harness';

const h = useHarness(beforeAll);
useFixture(h, beforeAll);
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  app = await buildApp({
    deps: { db: h.db, loginLimiter: new LoginLimiter(), secureCookies: false },
    webRoot: '/nonexistent',
  });
});
afterAll(() => app.close());

const cookieFor = async (userId: number, departmentId: number | null) => ({
  [SESSION_COOKIE]: await startSession(h.db, userId, departmentId),
});

describe('GET /api/backup', () => {
  it('answers 401 without a session and 403 for department staff', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/backup' })).statusCode).toBe(401);
    const staff = await app.inject({
      method: 'GET',
      url: '/api/backup',
      cookies: await cookieFor(h.sessions.ugStaff.userId, 100),
    });
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ message: 'Administrators only' });
  });

  // The snapshot is SQLite's file; PostgreSQL backups are pg_dump's.
  it.skipIf(onPostgres)(
    'sends an admin the snapshot as backup_{today}.sqlite, a database holding the data; audited',
    async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/backup',
        cookies: await cookieFor(h.sessions.admin.userId, null),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="backup_${today()}.sqlite"`);
      expect(response.headers['content-type']).toBe('application/vnd.sqlite3');
      const body = response.rawPayload;
      expect(body.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
      expect(Number(response.headers['content-length'])).toBe(body.length);
      const copy = new Sqlite(body);
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('select count(*) from receipts').pluck().get()).toBe(1);
      expect(copy.prepare('select email from users order by id').pluck().all()).toEqual([
        'admin@test.local',
        'ug@test.local',
        'pg@test.local',
        'cashier@test.local',
        'viewer@test.local',
        'auditor@test.local',
      ]);
      copy.close();
      const audit = await h.db.select().from(auditLog).where(eq(auditLog.action, 'backup'));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ entity: 'database', userEmail: 'admin@test.local' });
    },
  );
});
