import { sql } from 'drizzle-orm';
import { row } from '@fees/db';
import { LEGACY_REST_VOID_REASON, MSG } from '@fees/validation';
import { addDays } from '@fees/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../config';
import { accessRules } from '../test/access/rules';
import { restRouter } from './router';
import { openApiPath } from './openapi';
import { restRoutes } from './routes';
import { type RestClient, type RestServer, startRestServer } from '../test/rest';

let server: RestServer;
let admin: RestClient;
beforeAll(async () => {
  server = await startRestServer();
  admin = await server.signIn('admin');
});
afterAll(() => server.close());

describe('the route table', () => {
  /** The adapter's own procedure (a stream, not on /trpc) has its rule here. */
  const restOnlyAccess: Record<string, string> = { 'backup.sqlDump': 'admin' };

  it.each(restRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s calls an existing procedure with its access rule',
    (_name, route) => {
      expect(Object.keys(restRouter._def.procedures)).toContain(route.procedure);
      expect(accessRules[route.procedure]?.access ?? restOnlyAccess[route.procedure]).toBe(route.access);
    },
  );

  it('has each method and path once', () => {
    const keys = restRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('GET /rest/openapi.json', () => {
  it('lists every route of the table, and nothing else', async () => {
    const res = await server.anonymous().get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const listed = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual(restRoutes.map((r) => `${r.method} ${openApiPath(r.path)}`).sort());
  });

  it('documents request fields with the procedure schema types and the responses by access', async () => {
    const { body } = await server.anonymous().get('/openapi.json');
    const deplogin = body.paths['/deplogin/'].post;
    expect(deplogin.requestBody.content['application/json'].schema).toMatchObject({
      properties: {
        email: { type: 'string' },
        password: { type: 'string' },
        // An id in a JSON body is a JSON integer; only a query string or path carries it as digits.
        depId: { type: 'integer' },
      },
      required: ['email', 'password', 'depId'],
    });
    expect(Object.keys(deplogin.responses)).toEqual(['200', '400', '404']);
    const depinfo = body.paths['/api/depinfo/{depId}'].get;
    expect(depinfo.parameters).toEqual([
      expect.objectContaining({
        name: 'depId',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'integer' }),
      }),
    ]);
    expect(depinfo.responses['200'].content['application/json'].schema).toEqual({
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
          course: { type: 'string' },
        },
        required: ['id', 'course'],
      },
    });
    expect(Object.keys(depinfo.responses)).toContain('401');
  });
});

describe('unknown paths and bad requests', () => {
  it('answers an unknown path with 404 JSON', async () => {
    const res = await admin.get('/no/such/path', { a: 1 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No such path: GET /rest/no/such/path' });
  });

  it('answers a known path with another method with 404 JSON', async () => {
    const res = await admin.request('DELETE', '/api/getfee');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('answers the documented path with or without its trailing slash', async () => {
    expect((await admin.get('/api/getfee/')).status).toBe(200);
    expect((await admin.get('/api/getgrp')).status).toBe(200);
  });

  it('answers a body that is not JSON with 400', async () => {
    const res = await server.anonymous().request('POST', '/login/', { rawBody: '{"email": ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The body is not valid JSON' });
  });

  it('refuses form-encoded bodies with 415: bodies are JSON only', async () => {
    const res = await server.anonymous().request('POST', '/login/', {
      rawBody: new URLSearchParams({ email: 'admin@test.local', password: 'secret123' }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
  });

  it('answers an unsupported content type with 415, not 500', async () => {
    const res = await server.anonymous().request('POST', '/login/', { rawBody: 'x', contentType: 'text/csv' });
    expect(res.status).toBe(415);
    expect(typeof res.body.message).toBe('string');
  });
});

const GARBAGE: unknown[] = [
  null,
  true,
  -1,
  1.5,
  'x'.repeat(5000),
  [],
  {},
  [1, 2],
  { nested: { deep: [null] } },
  '',
  '0',
  'null',
];

describe('never a 500 for anything a client can send', () => {
  const routes = restRoutes.filter((r) => r.path !== '/logout');
  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const fields = Object.keys(route.request ?? {});
    const path = (value: unknown) => route.path.replace(/:(\w+)/g, () => encodeURIComponent(String(value)));
    const inQuery = route.method === 'GET' || route.method === 'DELETE';
    const statuses: number[] = [];
    for (const value of GARBAGE) {
      const all = Object.fromEntries(fields.map((f) => [f, value]));
      if (inQuery) {
        const query = Object.fromEntries(
          fields.map((f) => [f, typeof value === 'string' ? value : JSON.stringify(value)]),
        );
        statuses.push((await admin.request(route.method, path(value), { query })).status);
      } else {
        statuses.push((await admin.request(route.method, path(value), { body: all })).status);
        statuses.push((await admin.request(route.method, path(value), { body: value })).status);
      }
    }
    if (!inQuery) statuses.push((await admin.request(route.method, path('x'), { rawBody: '[[[' })).status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});

describe('ids over REST', () => {
  const liveReceipts = () => row(server.db, sql`SELECT COUNT(*) AS n FROM receipts WHERE status = 'live'`);

  it('reads decimal digits from the query string and the path', async () => {
    expect((await admin.get('/api/depinfo/101')).status).toBe(200);
    const res = await admin.get('/inv/master', { invNo: String(server.fixture.ug.receiptNumber) });
    expect(res.status).toBe(200);
    expect(res.body.Result[0]).toMatchObject({ invoice_no: server.fixture.ug.receiptNumber, depId: 100 });
    const discounts = await admin.get('/api/getdisc', { id: '100' });
    expect(discounts.status).toBe(200);
    expect(discounts.body.map((d: { id: number }) => d.id)).toContain(server.fixture.ug.discountId);
    const fees = await admin.get('/api/getfh', { batch_id: String(server.fixture.ug.batchId) });
    expect(fees.status).toBe(200);
    expect(fees.body.length).toBeGreaterThan(0);
  });

  it('a JSON body sends ids as numbers: "100" is a 400 naming the field, and nothing is written', async () => {
    const discounts = () => row(server.db, sql`SELECT COUNT(*) AS n FROM discounts`);
    const before = await discounts();
    const { ug, heads } = server.fixture;
    const discount = {
      name: 'x',
      depid: '100',
      subid: ug.courseId,
      feeid: heads.exam,
      admno: ug.admissionNo,
      disamt: '1',
      lessamt: '0',
      note: '',
    };
    const created = await admin.post('/api/regndis', discount);
    expect(created.status).toBe(400);
    expect(created.body.errors).toHaveProperty('depid');
    expect(await discounts()).toEqual(before);

    const search = await admin.post('/search/student/', { depId: 100, courseId: String(ug.courseId), sText: '' });
    expect(search.status).toBe(400);
    expect(search.body.errors).toHaveProperty('courseId');
    expect((await admin.post('/search/student/', { depId: 100, courseId: ug.courseId, sText: '' })).status).toBe(200);
  });

  it('a NUL character in any text, from a body or the path, is a 400 with its message, on either engine', async () => {
    const { ug } = server.fixture;
    const search = await admin.post('/search/student/', { depId: 100, courseId: ug.courseId, sText: 'Anjali\u0000' });
    expect(search.status).toBe(400);
    expect(search.body.errors).toEqual({ sText: [MSG.nulCharacter] });
    const removed = await admin.request('DELETE', '/api/regdel/%00', { query: { depId: '100' } });
    expect(removed.status).toBe(400);
    // The dues of one student: an admission number that cannot be one is refused, not read as "every student".
    for (const admNo of ['A\u0000B', 'X'.repeat(500)]) {
      const dues = await admin.get('/v2/dues', { depId: '100', asOf: '2026-01-01', admNo });
      expect(dues.status).toBe(400);
      expect(dues.body.errors).toHaveProperty('admNo');
    }
  });

  it('an implausible birth or admission date or phone: a 400 naming the field; phones kept as 10 digits', async () => {
    const { ug } = server.fixture;
    const registration = {
      dep_id: 100,
      courseId: ug.courseId,
      cmbBatch: ug.batchId,
      capId: 'CAP-0077',
      name: 'Student Plausible',
      regno: 'UG-0077',
      rgdate: '2025-06-12',
      adtype: 'OBC',
      dob: '2007-05-20',
      sex: 'Female',
      address: 'Kottayam',
    };
    const students = () => row(server.db, sql`SELECT COUNT(*) AS n FROM students`);
    const before = await students();
    const tomorrow = addDays(today(), 1);
    for (const [field, value] of [
      ['dob', '1899-12-31'],
      ['rgdate', tomorrow],
      ['phone', '98abc12345'],
    ] as const) {
      const refused = await admin.post('/api/register', { ...registration, [field]: value });
      expect(refused.status, field).toBe(400);
      expect(Object.keys(refused.body.errors), field).toEqual([field]);
    }
    expect(await students()).toEqual(before);

    const saved = await admin.post('/api/register', { ...registration, phone: '+91 98460 12345' });
    expect(saved.body).toMatchObject({ Status: 'OK' });
    const read = await admin.get('/api/getinfo', { Id: 'UG-0077', depId: '100' });
    expect(read.body.Result[0].phone).toBe('9846012345');
  });

  it('digits stay text where the field is text: an admission number "0042" in the query string and the path', async () => {
    const { ug } = server.fixture;
    const registration = {
      dep_id: 100,
      courseId: ug.courseId,
      cmbBatch: ug.batchId,
      capId: 'CAP-0042',
      name: 'Student Digits',
      regno: '0042',
      rgdate: '2025-06-12',
      adtype: 'OBC',
      dob: '2007-05-20',
      sex: 'Male',
      address: 'Kottayam',
    };
    expect((await admin.post('/api/register', registration)).body).toMatchObject({ Status: 'OK', admNo: '0042' });
    const dues = await admin.get('/v2/dues', { depId: '100', asOf: '2026-01-01', admNo: '0042' });
    expect(dues.status).toBe(200);
    expect(dues.body.students.map((s: { admNo: string }) => s.admNo)).toEqual(['0042']);
    const removed = await admin.request('DELETE', '/api/regdel/0042', { query: { depId: '100' } });
    expect(removed.body).toEqual({ Status: 'Success' });
  });

  it('a receipt number as text in a JSON body voids nothing; the same digits in the query string are read', async () => {
    const before = await liveReceipts();
    const res = await admin.request('DELETE', '/inv/del', { body: { invNo: String(server.fixture.ug.receiptNumber) } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('invNo');
    expect(await liveReceipts()).toEqual(before);
    expect((await admin.get('/rpt/rcptfee', { invNo: String(server.fixture.ug.receiptNumber) })).status).toBe(200);
  });

  it.each(['0x65', '1e2', '0b11', '-1', '1.5', 'true'])('refuses %s in a path parameter', async (value) => {
    const res = await admin.get(`/api/depinfo/${encodeURIComponent(value)}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('depId');
  });

  it.each<unknown>(['0x1', '1e0', true, [1], 1.5, -1])(
    'refuses invNo %j on the void, which voids nothing',
    async (value) => {
      const before = await liveReceipts();
      const res = await admin.request(
        'DELETE',
        '/inv/del',
        typeof value === 'string' ? { query: { invNo: value } } : { body: { invNo: value } },
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('invNo');
      expect(await liveReceipts()).toEqual(before);
    },
  );
});

describe('the void over REST', () => {
  it('needs no reason: the documented delete records that none was given, and its reference says so', async () => {
    const number = server.fixture.ug.receiptNumber;
    const res = await admin.request('DELETE', '/inv/del', { body: { invNo: number } });
    expect(res.status).toBe(200);
    const audit = (await row<{ after: string }>(
      server.db,
      sql`SELECT after FROM audit_log WHERE action = 'void' AND entity_id = ${String(number)}`,
    ))!;
    expect(JSON.parse(audit.after)).toMatchObject({ status: 'voided', reason: LEGACY_REST_VOID_REASON });
    const { body } = await server.anonymous().get('/openapi.json');
    expect(body.paths['/inv/del'].delete.description).toContain(LEGACY_REST_VOID_REASON);
  });
});

describe('versioned edits over REST', () => {
  it.each([
    ['put', '/inv/edit'],
    ['delete', '/inv/del'],
    ['put', '/api/regedit/{admNo}'],
    ['put', '/api/edtdisc'],
    ['put', '/api/fedit/{id}'],
    ['put', '/api/bedit/'],
  ])('%s %s says in the reference that the last write wins', async (method, path) => {
    const { body } = await server.anonymous().get('/openapi.json');
    expect(body.paths[path]?.[method]?.description).toContain('the last write wins');
  });

  it('other paths do not', async () => {
    const { body } = await server.anonymous().get('/openapi.json');
    expect(body.paths['/inv/register'].post.description).not.toContain('last write');
  });
});
