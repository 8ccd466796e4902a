import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, type RestServer, responseProblems, routeOf, startRestServer } from '../test/rest';

let server: RestServer;
beforeAll(async () => {
  server = await startRestServer();
});
afterAll(() => server.close());

describe('POST /rest/login/', () => {
  it('signs an admin in with email and password and sets the session cookie', async () => {
    const client = server.anonymous();
    const res = await client.post('/login/', { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password });
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('POST', '/login/'), res.body)).toEqual([]);
    expect(res.body).toMatchObject({ auth: true, role: 'admin', depId: null, department: 'ADM' });
    expect(res.headers.get('set-cookie')).toMatch(/fees_session=[^;]+;.*HttpOnly/i);
    expect((await client.get('/api/getgrp/')).status).toBe(200);
  });

  it('refuses a wrong password with 401 and the message the login screen shows', async () => {
    const client = server.anonymous();
    const res = await client.post('/login/', { email: ACCOUNTS.admin.email, password: 'wrong-one' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Incorrect email or password', auth: false, role: null });
    expect(client.hasSession).toBe(false);
  });

  it('refuses staff at the admin sign-in', async () => {
    const res = await server
      .anonymous()
      .post('/login/', { email: ACCOUNTS.ugStaff.email, password: ACCOUNTS.ugStaff.password });
    expect(res.status).toBe(401);
    expect(res.body.auth).toBe(false);
  });

  it('answers missing fields with 400 and the messages per documented field', async () => {
    const res = await server.anonymous().post('/login/', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Required',
      errors: { email: ['Required'], password: ['Required'] },
      auth: false,
      role: null,
    });
  });
});

describe('POST /rest/deplogin/', () => {
  it('signs staff in to their department', async () => {
    const client = server.anonymous();
    const res = await client.post('/deplogin/', ACCOUNTS.ugStaff);
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('POST', '/deplogin/'), res.body)).toEqual([]);
    expect(res.body).toMatchObject({ auth: true, role: 'user', depId: 100, department: 'UG' });
    expect(client.hasSession).toBe(true);
  });

  it("refuses staff at another department's sign-in", async () => {
    const res = await server.anonymous().post('/deplogin/', { ...ACCOUNTS.ugStaff, depId: 101 });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('This account does not belong to Arts and Science PG');
  });

  it('refuses a department id outside 100-105 with 400 on depId', async () => {
    const res = await server.anonymous().post('/deplogin/', { ...ACCOUNTS.ugStaff, depId: 999 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ depId: ['Required'] });
  });
});

describe('POST /rest/logout', () => {
  it('ends the session: state Success, and the old cookie no longer opens anything', async () => {
    const client = await server.signIn('ugStaff');
    expect((await client.get('/api/religion/')).status).toBe(200);
    const res = await client.post('/logout');
    expect(res.status).toBe(200);
    expect(responseProblems(routeOf('POST', '/logout'), res.body)).toEqual([]);
    expect(res.body).toEqual({ state: 'Success' });
    expect(client.hasSession).toBe(false);
    expect((await client.get('/api/religion/')).status).toBe(401);
  });

  it('answers Success without a session too', async () => {
    const res = await server.anonymous().post('/logout');
    expect(res.body).toEqual({ state: 'Success' });
  });

  it('ends the session on the server: replaying the cookie after logout is 401', async () => {
    const signIn = await fetch(`${server.baseUrl}/rest/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ACCOUNTS.admin),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const logout = await fetch(`${server.baseUrl}/rest/logout`, { method: 'POST', headers: { cookie } });
    expect(logout.status).toBe(200);
    const replay = await fetch(`${server.baseUrl}/rest/api/getfee`, { headers: { cookie } });
    expect(replay.status).toBe(401);
  });
});
