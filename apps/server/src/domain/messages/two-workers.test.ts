/**
 * Two app servers' workers on one database (on PostgreSQL each with its own pool, as two servers have):
 * claiming at the same time, every message is sent exactly once; a claim whose server stopped is taken
 * over once its lease has run out.
 */
import { closePostgres, type Database, messages, openPostgres, settings } from '@fees/db';
import { onPostgres, openTestDatabase } from '@fees/db/testing';
import { createTestPostgres, type TestPostgres } from '@fees/db/testing/postgres';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type Fixture } from '../../test/fixture';
import type { Channel, OutgoingMessage } from './channels/channel';
import { MessageWorker } from './worker';

const MESSAGES = 300;

let postgres: TestPostgres | undefined;
let first: Database;
let second: Database;
let fx: Fixture;

beforeAll(async () => {
  if (onPostgres) {
    postgres = await createTestPostgres();
    first = await openPostgres(postgres.url, { max: 4 });
    second = await openPostgres(postgres.url, { max: 4 });
  } else {
    first = await openTestDatabase();
    second = first;
  }
  fx = await buildFixture(first);
  await first.update(settings).set({ sendRatePerSecond: 1000 });
}, 60_000);

afterAll(async () => {
  if (postgres) {
    await closePostgres(first);
    await closePostgres(second);
    await postgres.stop();
  }
});

/** The provider's stand-in: counts what it is sent, by message, answering after a moment. */
function countingChannel() {
  const sends = new Map<number, number>();
  const channel: Channel = {
    channel: 'sms',
    description: 'SMS stand-in',
    async send(message: OutgoingMessage) {
      sends.set(message.id, (sends.get(message.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
      return { ok: true, providerId: `sms-${message.id}` };
    },
  };
  return { channel, sends };
}

async function queue(db: Database, count: number, prefix: string) {
  await db.insert(messages).values(
    Array.from({ length: count }, (_, i) => ({
      eventKey: `${prefix}:${i}`,
      event: 'receipt_created' as const,
      channel: 'sms' as const,
      recipient: '+919847000001',
      departmentId: 100,
      studentId: fx.ug.studentId,
      body: `Message ${i}`,
    })),
  );
}

describe('two workers on one database', () => {
  it(`send each of ${MESSAGES} messages exactly once`, async () => {
    await queue(first, MESSAGES, 'load');
    const { channel, sends } = countingChannel();
    const workers = [first, second].map((db) => new MessageWorker(db, { channels: [channel], origin: 'http://x' }));
    const handled = [0, 0];
    for (;;) {
      const round = await Promise.all(workers.map((w) => w.runOnce()));
      round.forEach((n, i) => {
        handled[i]! += n;
      });
      if (round.every((n) => n === 0)) break;
    }
    expect(sends.size).toBe(MESSAGES);
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
    expect(handled[0]! + handled[1]!).toBe(MESSAGES);
    // Both took part: the claims interleave rather than one server taking everything.
    if (onPostgres) expect(Math.min(...handled)).toBeGreaterThan(0);
    const rows = await first.select({ status: messages.status }).from(messages);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  }, 60_000);

  it("takes over a stopped server's claim once its lease has run out, and the late server's outcome is ignored", async () => {
    await first.delete(messages);
    await queue(first, 1, 'lease');
    const stalled: Channel = {
      channel: 'sms',
      description: 'stalled',
      send: () => new Promise(() => undefined),
    };
    const stopped = new MessageWorker(first, {
      channels: [stalled],
      origin: 'http://x',
      leaseMs: 200,
      sendTimeoutMs: 600,
    });
    const late = stopped.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { channel, sends } = countingChannel();
    const other = new MessageWorker(second, { channels: [channel], origin: 'http://x' });
    expect(await other.runOnce()).toBe(1);
    expect(sends.size).toBe(1);
    await late;
    const [row] = await first.select().from(messages).orderBy(asc(messages.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, providerId: expect.stringMatching(/^sms-/) });
  });
});
