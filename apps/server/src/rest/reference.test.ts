import {
  ADVANCE_HEAD,
  CATEGORIES,
  CHEQUE_BOUNCE_HEAD,
  COURSES,
  DEFAULT_FEE_HEADS,
  DEPARTMENTS,
  LATE_FEE_HEAD,
  PREVIOUS_DUES_HEAD,
  RELIGIONS,
} from '@fees/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestClient, type RestServer, responseProblems, routeOf, startRestServer } from '../test/rest';

let server: RestServer;
let staff: RestClient;
beforeAll(async () => {
  server = await startRestServer();
  staff = await server.signIn('pgStaff');
});
afterAll(() => server.close());

describe('GET /rest/api/getdepartment/', () => {
  it('lists DepId and DepName of the six departments, without a session', async () => {
    const res = await server.anonymous().get('/api/getdepartment/');
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('GET', '/api/getdepartment/'), res.body)).toEqual([]);
    expect(res.body).toEqual(DEPARTMENTS.map((d) => ({ DepId: d.id, DepName: d.name })));
  });
});

describe('GET /rest/api/depinfo/{depId}', () => {
  it("lists a department's courses as id and course", async () => {
    const res = await staff.get('/api/depinfo/104');
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('GET', '/api/depinfo/:depId'), res.body)).toEqual([]);
    expect(res.body).toEqual(COURSES.filter((c) => c.departmentId === 104).map((c) => ({ id: c.id, course: c.name })));
  });

  it('is 401 without a session', async () => {
    expect((await server.anonymous().get('/api/depinfo/100')).status).toBe(401);
  });

  it('is 400 for a department that does not exist', async () => {
    const res = await staff.get('/api/depinfo/abc');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ depId: ['Required'] });
  });
});

describe.each([
  ['/api/getgrp/', CATEGORIES.map((name) => expect.objectContaining({ cat_name: name }))],
  ['/api/religion/', RELIGIONS.map((name) => expect.objectContaining({ description: name }))],
  [
    '/api/getfee',
    [...DEFAULT_FEE_HEADS, LATE_FEE_HEAD, PREVIOUS_DUES_HEAD, ADVANCE_HEAD, CHEQUE_BOUNCE_HEAD]
      .sort()
      .map((name) => expect.objectContaining({ FeeId: name })),
  ],
])('GET /rest%s', (path, expected) => {
  it('answers the documented fields to any signed-in account', async () => {
    const res = await staff.get(path);
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('GET', path), res.body)).toEqual([]);
    expect(res.body).toEqual(expected);
  });

  it('is 401 without a session', async () => {
    const res = await server.anonymous().get(path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please sign in' });
  });
});
