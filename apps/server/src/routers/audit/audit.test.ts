/**
 * The audit trail on screen: filters and keyset paging over more than 10,000 entries (through
 * createCaller and once over HTTP), a department's own trail for staff, and a receipt's history
 * after an edit and a void. Speed is measured by the bench (tools, section audit), not here.
 */
import { type AuditEntry, transaction, writeAudit } from '@fees/db';
import { paiseToRupeesText } from '@fees/validation';
import type { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { LoginLimiter } from '../../auth/login-limiter';
import { SESSION_COOKIE, startSession } from '../../auth/sessions';
import { useFixture, useHarness } from '../../test/use-harness';

const MANY = 10_500;
const ACTIONS: AuditEntry['action'][] = ['create', 'update', 'void', 'delete', 'login'];

const h = useHarness(beforeAll);
const fx = useFixture(h, beforeAll);

beforeAll(async () => {
  const actors = [h.sessions.admin, h.sessions.ugStaff, h.sessions.pgStaff];
  await transaction(h.db, async (tx) => {
    for (let i = 0; i < MANY; i++) {
      const actor = actors[i % 3]!;
      const departmentId = 100 + (i % 6);
      await writeAudit(tx, {
        actor: { userId: actor.userId, email: actor.email },
        action: ACTIONS[i % ACTIONS.length]!,
        entity: 'receipt',
        entityId: 100_000 + i,
        after: { departmentId, admissionNo: `ADM-${i % 50}`, netPaise: i * 100 },
      });
    }
  });
});

async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    return (error as TRPCError).code;
  }
  throw new Error('expected a refusal');
}

describe('audit.list', () => {
  it('pages newest first through every entry of a filter, without gaps or repeats', async () => {
    const admin = h.caller('admin').audit;
    const seen: number[] = [];
    let before: number | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const page = await admin.list({ depId: 102, action: 'update', limit: 50, ...(before ? { before } : {}) });
      for (const entry of page.entries) expect(entry).toMatchObject({ departmentId: 102, action: 'update' });
      seen.push(...page.entries.map((e) => e.id));
      if (page.nextBefore === null) break;
      before = page.nextBefore;
    }
    // i % 6 === 2 and i % 5 === 1: one in 30 of the generated entries.
    const expected = Array.from({ length: MANY }, (_, i) => i).filter((i) => i % 6 === 2 && i % 5 === 1).length;
    expect(seen).toHaveLength(expected);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('filters by user, receipt number, admission number and date range', async () => {
    const admin = h.caller('admin').audit;
    const byUser = await admin.list({ userId: h.sessions.pgStaff.userId, limit: 200 });
    expect(byUser.entries).toHaveLength(200);
    expect(byUser.entries.every((e) => e.userEmail === 'pg@test.local')).toBe(true);

    const receipt = await admin.list({ receiptNumber: 100_042 });
    expect(receipt.entries).toHaveLength(1);
    expect(receipt.entries[0]).toMatchObject({ entity: 'receipt', entityId: '100042', after: { netPaise: 4200 } });

    const admission = await admin.list({ admissionNo: 'ADM-7', limit: 200 });
    const rest = await admin.list({ admissionNo: 'ADM-7', limit: 200, before: admission.nextBefore! });
    expect(admission.entries.length + rest.entries.length).toBe(Math.ceil((MANY - 7) / 50));
    expect(rest.nextBefore).toBeNull();
    expect([...admission.entries, ...rest.entries].every((e) => e.admissionNo === 'ADM-7')).toBe(true);

    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect((await admin.list({ from: iso, to: iso, limit: 1 })).entries).toHaveLength(1);
    expect((await admin.list({ from: '2001-01-01', to: '2001-12-31' })).entries).toEqual([]);
    expect(await refusal(admin.list({ from: '2026-02-01', to: '2026-01-01' }))).toBe('BAD_REQUEST');
  });

  it('staff see only their own department, and are refused another', async () => {
    const ug = h.caller('ugStaff').audit;
    const page = await ug.list({ limit: 200 });
    expect(page.entries.length).toBe(200);
    expect(page.entries.every((e) => e.departmentId === 100)).toBe(true);
    expect(await refusal(ug.list({ depId: 101 }))).toBe('FORBIDDEN');
    // The accounts serving UG: its accountant, cashier and viewer.
    expect((await ug.actors()).map((a) => a.email)).toEqual([
      'cashier@test.local',
      'ug@test.local',
      'viewer@test.local',
    ]);
    expect((await h.caller('admin').audit.actors()).map((a) => a.email)).toEqual([
      'admin@test.local',
      'auditor@test.local',
      'cashier@test.local',
      'pg@test.local',
      'ug@test.local',
      'viewer@test.local',
    ]);
    expect(await refusal(h.caller('anonymous').audit.list({}))).toBe('UNAUTHORIZED');
  });

  it('answers over HTTP with the page and the cursor', async () => {
    const app = await buildApp({
      deps: { db: h.db, loginLimiter: new LoginLimiter(), secureCookies: false },
      webRoot: '/nonexistent',
    });
    try {
      const cookie = `${SESSION_COOKIE}=${await startSession(h.db, h.sessions.admin.userId, null)}`;
      const input = encodeURIComponent(JSON.stringify({ action: 'void', limit: 50 }));
      const response = await app.inject({ url: `/trpc/audit.list?input=${input}`, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      const { entries, nextBefore } = response.json().result.data as {
        entries: Array<{ id: number; action: string }>;
        nextBefore: number;
      };
      expect(entries).toHaveLength(50);
      expect(entries.every((e) => e.action === 'void')).toBe(true);
      expect(nextBefore).toBe(entries.at(-1)!.id);
    } finally {
      await app.close();
    }
  });
});

describe('audit.receiptHistory', () => {
  const receiptInput = (paise: number, date = '2025-08-01') => ({
    depId: 100,
    studentId: fx.ug.studentId,
    date,
    items: [{ feeHeadId: fx.heads.tuition, particulars: 'Term', amount: paiseToRupeesText(paise) }],
    paymentMode: 'cash' as const,
    total: paiseToRupeesText(paise),
    tax: '0.00',
    net: paiseToRupeesText(paise),
    confirm: true,
    allowOverpayment: true,
  });

  it('shows the creation, the edit with its changes, and the void with who did it', async () => {
    const ug = h.caller('ugStaff');
    const created = await ug.receipts.create(receiptInput(1_000_00));
    await ug.receipts.update({ ...receiptInput(1_250_00, '2025-08-02'), number: created.number });
    await h.caller('admin').receipts.void({ number: created.number, reason: '  Entered against the wrong student  ' });

    const history = await ug.audit.receiptHistory({ number: created.number });
    expect(history.map((e) => [e.action, e.userEmail])).toEqual([
      ['create', 'ug@test.local'],
      ['update', 'ug@test.local'],
      ['void', 'admin@test.local'],
    ]);
    expect(history[1]!.before).toMatchObject({ date: '2025-08-01', netPaise: 1_000_00 });
    expect(history[1]!.after).toMatchObject({ date: '2025-08-02', netPaise: 1_250_00 });
    expect(history[2]!.after).toMatchObject({ status: 'voided', reason: 'Entered against the wrong student' });
    expect(history.every((e) => e.departmentId === 100)).toBe(true);
    // The same trail is in the audit screen under the receipt's number.
    expect((await ug.audit.list({ receiptNumber: created.number })).entries.map((e) => e.action)).toEqual([
      'void',
      'update',
      'create',
    ]);
    expect(await refusal(h.caller('pgStaff').audit.receiptHistory({ number: created.number }))).toBe('FORBIDDEN');
    expect(await refusal(ug.audit.receiptHistory({ number: 999_999 }))).toBe('NOT_FOUND');
  });
});
