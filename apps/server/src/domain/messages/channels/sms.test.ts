import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type StandIn, startStandIn } from '../../../test/stand-in';
import { renderSms } from '../dlt';
import type { OutgoingMessage } from './channel';
import { createMsg91Channel } from './msg91';
import { createSmsGatewayChannel, gatewayUrlFor } from './sms-gateway';

const body = 'Dear Parent, Rs {amount} received for {studentName} by receipt {receiptNumber}.';
const registered = 'Dear Parent, Rs {#var#} received for {#var#} by receipt {#var#}.';

function sms(overrides: Partial<OutgoingMessage['provider']> = {}, recipient = '+919876543210'): OutgoingMessage {
  const { text, parameters } = renderSms(body, {
    amount: '1,250.00',
    studentName: 'Anu & Ravi',
    receiptNumber: '#0001179',
  });
  return {
    id: 7,
    channel: 'sms',
    recipient,
    recipientName: 'Lakshmi',
    subject: null,
    body: text,
    provider: { dltTemplateId: '1107161234567890123', dltText: registered, parameters, ...overrides },
  };
}

let provider: StandIn;
beforeEach(async () => {
  provider = await startStandIn(() => ({
    status: 200,
    json: { type: 'success', message: '3463726c6b38353130313432' },
  }));
});
afterEach(() => provider.close());

describe('MSG91', () => {
  /** A generous limit where an answer comes (the machine may be busy), a short one where it never does. */
  const channel = (timeoutMs = 5_000) =>
    createMsg91Channel({ authKey: 'key-123', sender: 'FEESOF', apiBase: provider.url, timeoutMs });

  it('sends the text with the sender, the DLT template id and the auth key, and keeps the request id', async () => {
    const result = await channel().send(sms());
    expect(result).toEqual({ ok: true, providerId: '3463726c6b38353130313432' });
    const [request] = provider.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/api/v2/sendsms');
    expect(request!.headers.authkey).toBe('key-123');
    expect(JSON.parse(request!.body.toString())).toEqual({
      sender: 'FEESOF',
      route: '4',
      country: '91',
      DLT_TE_ID: '1107161234567890123',
      sms: [{ message: 'Dear Parent, Rs 1,250.00 received for Anu & Ravi by receipt #0001179.', to: ['919876543210'] }],
    });
  });

  it('does not send a text that does not match its registered text, and says why', async () => {
    const result = await channel().send({ ...sms(), body: 'Dear Parent, pay now.' });
    expect(result).toMatchObject({ ok: false, kind: 'permanent' });
    expect(!result.ok && result.reason).toContain('does not match its DLT registered text');
    expect(provider.requests).toHaveLength(0);
  });

  it('does not send an SMS whose template has no DLT registration', async () => {
    const result = await channel().send(sms({ dltTemplateId: undefined }));
    expect(result).toMatchObject({ ok: false, kind: 'permanent' });
    expect(!result.ok && result.reason).toContain('no DLT template id');
    expect(provider.requests).toHaveLength(0);
  });

  it('stops at an invalid number, whether MSG91 says so with 400 or with 200 and "type": "error"', async () => {
    provider.answer = () => ({ status: 400, json: { type: 'error', message: 'Invalid mobile number' } });
    expect(await channel().send(sms())).toEqual({
      ok: false,
      kind: 'permanent',
      reason: 'MSG91 refused the SMS: Invalid mobile number',
    });
    provider.answer = () => ({ status: 200, json: { type: 'error', message: 'Mobile number not valid' } });
    expect(await channel().send(sms())).toMatchObject({ ok: false, kind: 'permanent' });
  });

  it('retries later when MSG91 is down, refuses the key, or does not answer in time', async () => {
    provider.answer = () => ({ status: 503, text: '<html>Service Unavailable</html>' });
    expect(await channel().send(sms())).toMatchObject({ ok: false, kind: 'transient' });
    provider.answer = () => ({ status: 200, json: { type: 'error', message: 'Authentication failure' } });
    expect(await channel().send(sms())).toMatchObject({ ok: false, kind: 'transient' });
    provider.answer = () => 'hang';
    const started = Date.now();
    const result = await channel(300).send(sms());
    expect(result).toEqual({ ok: false, kind: 'transient', reason: 'MSG91 did not answer within 0.3 s' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('retries later when MSG91 cannot be reached at all', async () => {
    await provider.close();
    const result = await channel().send(sms());
    expect(result).toMatchObject({ ok: false, kind: 'transient' });
    expect(!result.ok && result.reason).toContain('MSG91 could not be reached');
  });
});

describe('the generic SMS gateway', () => {
  const template = () => `${provider.url}/send?user=fees&to={mobile}&ph={mobile10}&msg={text}&dlt={templateId}`;

  it('fills the URL template, encoded, and records what the gateway answered as the provider id', async () => {
    provider.answer = () => ({ status: 200, text: 'OK:msg-88231' });
    const channel = createSmsGatewayChannel({ urlTemplate: template(), method: 'GET', success: /^OK:(\S+)/ });
    expect(await channel.send(sms())).toEqual({ ok: true, providerId: 'msg-88231' });
    const sent = new URL(provider.requests[0]!.url, provider.url);
    expect(provider.requests[0]!.method).toBe('GET');
    expect(sent.searchParams.get('to')).toBe('919876543210');
    expect(sent.searchParams.get('ph')).toBe('9876543210');
    expect(sent.searchParams.get('msg')).toBe('Dear Parent, Rs 1,250.00 received for Anu & Ravi by receipt #0001179.');
    expect(sent.searchParams.get('dlt')).toBe('1107161234567890123');
    expect(sent.searchParams.get('user')).toBe('fees');
  });

  it('sends the query as a form body with POST', async () => {
    provider.answer = () => ({ status: 200, text: 'queued 5521' });
    const channel = createSmsGatewayChannel({ urlTemplate: template(), method: 'POST' });
    expect(await channel.send(sms())).toEqual({ ok: true, providerId: 'queued 5521' });
    const request = provider.requests[0]!;
    expect(request.url).toBe('/send');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(request.body.toString()).get('msg')).toContain('Anu & Ravi');
  });

  it('tells a refusal from a success when the gateway answers 200 either way', async () => {
    provider.answer = () => ({ status: 200, text: 'ERROR: Invalid mobile number' });
    const channel = createSmsGatewayChannel({ urlTemplate: template(), method: 'GET', success: /^OK/ });
    expect(await channel.send(sms())).toEqual({
      ok: false,
      kind: 'permanent',
      reason: 'The SMS gateway did not accept the SMS: ERROR: Invalid mobile number',
    });
    provider.answer = () => ({ status: 200, text: 'ERROR: low balance' });
    expect(await channel.send(sms())).toMatchObject({ ok: false, kind: 'transient' });
  });

  it('stops at a 4xx about the number, retries 5xx and timeouts', async () => {
    const channel = (timeoutMs = 5_000) =>
      createSmsGatewayChannel({ urlTemplate: template(), method: 'GET', timeoutMs });
    provider.answer = () => ({ status: 400, text: 'invalid number' });
    expect(await channel().send(sms())).toMatchObject({ ok: false, kind: 'permanent' });
    provider.answer = () => ({ status: 502, text: 'Bad gateway' });
    expect(await channel().send(sms())).toMatchObject({ ok: false, kind: 'transient' });
    provider.answer = () => 'hang';
    expect(await channel(300).send(sms())).toMatchObject({ ok: false, kind: 'transient' });
  });

  it('shows only the host in Settings, never the key in the URL', () => {
    const channel = createSmsGatewayChannel({
      urlTemplate: 'https://sms.example.in/s?key=SECRET&to={mobile}',
      method: 'GET',
    });
    expect(channel.description).toBe('SMS gateway sms.example.in');
    expect(gatewayUrlFor('https://x.in/?t={text}', sms())).toContain('Anu%20%26%20Ravi');
  });
});
