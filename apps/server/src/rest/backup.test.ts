import { sql } from 'drizzle-orm';
import { row } from '@fees/db';
import { onPostgres } from '@fees/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestClient, type RestServer, startRestServer } from '../test/rest';

let server: RestServer;
let admin: RestClient;
beforeAll(async () => {
  server = await startRestServer();
  admin = await server.signIn('admin');
});
afterAll(() => server.close());

describe('GET /rest/search/backup/', () => {
  it.each([
    ['backup_2025-09-01.sqlite'],
    ['backup_2025-13-01.sql'],
    ['backup_25-09-01.sql'],
    ['../../etc/passwd'],
    ['backup_2025-09-01.sql/../x'],
    [''],
  ])('refuses the file name %j with 400', async (bFile) => {
    const res = await admin.get('/search/backup/', { bFile });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Expected backup_{yyyy-MM-dd}.sql',
      errors: { bFile: ['Expected backup_{yyyy-MM-dd}.sql'] },
    });
  });

  it('refuses a missing file name with 400', async () => {
    const res = await admin.get('/search/backup/');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ bFile: ['Required'] });
  });

  // An SQLite dump of the file; PostgreSQL backups are pg_dump's.
  it.skipIf(onPostgres)('answers the dump as SQL text while other requests are served', async () => {
    const [dump, departments] = await Promise.all([
      admin.get('/search/backup/', { bFile: 'backup_2025-09-02.sql' }),
      admin.get('/api/getdepartment/'),
    ]);
    expect(departments.status).toBe(200);
    expect(dump.status).toBe(200);
    expect(dump.text.startsWith('PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n')).toBe(true);
    expect(dump.text.trimEnd().endsWith('COMMIT;')).toBe(true);
    expect(dump.text).toContain(`INSERT INTO "receipts" VALUES(`);
  });

  it('is audited as a backup by the admin', async () => {
    await admin.get('/search/backup/', { bFile: 'backup_2025-09-03.sql' });
    const audit = (await row<{ email: string; after: string }>(
      server.db,
      sql`select user_email as email, after from audit_log where action = 'backup' order by id desc limit 1`,
    ))!;
    expect(audit.email).toBe('admin@test.local');
    expect(JSON.parse(audit.after)).toEqual({ fileName: 'backup_2025-09-03.sql', format: 'sql' });
  });
});
