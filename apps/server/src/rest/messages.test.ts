/** GET /rest/v2/messages over real HTTP: the outbox by student, status and day, parsed by its response schema. */
import { students } from '@fees/db';
import { localToday } from '@fees/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useChannels } from '../domain/messages/channels';
import type { Channel } from '../domain/messages/channels/channel';
import { type RestClient, type RestServer, responseProblems, routeOf, startRestServer } from '../test/rest';

let server: RestServer;
let ug: RestClient;
let pg: RestClient;
let invoice: number;
const route = routeOf('GET', '/v2/messages');

beforeAll(async () => {
  server = await startRestServer();
  [ug, pg] = await Promise.all([server.signIn('ugStaff'), server.signIn('pgStaff')]);
  const standIn: Channel = {
    channel: 'email',
    description: 'stand-in',
    send: async () => ({ ok: true, providerId: 'x' }),
  };
  useChannels([standIn]);
  const fx = server.fixture;
  await server.db.update(students).set({ email: 'anjali@example.in' }).where(eq(students.id, fx.ug.studentId));
  const issued = await ug.post('/inv/register', {
    depId: 100,
    admno: fx.ug.admissionNo,
    date: localToday(),
    items: [{ feeId: fx.heads.exam, particulars: '', price: '300' }],
    ftotal: '300',
    ftax: '0',
    fnet: '300',
    confirm: true,
  });
  expect(issued.status).toBe(200);
  invoice = issued.body.invoice;
});

afterAll(async () => {
  useChannels([]);
  await server.close();
});

describe('GET /rest/v2/messages', () => {
  it("lists a department's messages with channel, recipient, template, status and receipt number", async () => {
    const listed = await ug.get('/v2/messages', { depId: 100 });
    expect(listed.status).toBe(200);
    expect(responseProblems(route, listed.body)).toEqual([]);
    expect(listed.body).toEqual([
      expect.objectContaining({
        channel: 'email',
        recipient: 'anjali@example.in',
        recipientName: 'Anjali Menon',
        template: 'receipt_created',
        status: 'queued',
        receiptNo: invoice,
        admNo: server.fixture.ug.admissionNo,
      }),
    ]);
  });

  it('filters by admission number, status and days', async () => {
    const today = localToday();
    const count = async (query: Record<string, string | number>) =>
      (await ug.get('/v2/messages', { depId: 100, ...query })).body.length;
    expect(await count({ admNo: server.fixture.ug.admissionNo, status: 'queued', from: today, to: today })).toBe(1);
    expect(await count({ admNo: 'NOBODY' })).toBe(0);
    expect(await count({ status: 'sent' })).toBe(0);
    expect(await count({ to: '2020-01-01' })).toBe(0);
  });

  it('refuses bad query parameters with a 400 naming the field, and another department with a 403', async () => {
    const bad = await ug.get('/v2/messages', { depId: 100, status: 'lost' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('status');
    const badDate = await ug.get('/v2/messages', { depId: 100, from: '2025-13-01' });
    expect(badDate.status).toBe(400);
    expect(badDate.text).toContain('from');
    expect((await ug.get('/v2/messages', { depId: 100, from: '2025-09-02', to: '2025-09-01' })).status).toBe(400);
    expect((await pg.get('/v2/messages', { depId: 100 })).status).toBe(403);
    expect((await server.anonymous().get('/v2/messages', { depId: 100 })).status).toBe(401);
  });
});
