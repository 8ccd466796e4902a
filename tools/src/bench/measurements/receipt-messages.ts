/**
 * A receipt with a channel on: receipts.create through HTTP at concurrency 16 in the same minutes,
 * without a channel (today's receipt path: no outbox row, no worker) and with e-mail on (the server
 * started again with SMTP_URL at the bench's SMTP stand-in; each receipt writes its e-mails in its own
 * statement and the server's worker sends them, with the receipt's PDF, during the load). Each load
 * lasts longer than the worker's longest wait behind a busy counter (10 s), so the worker sends while
 * receipts are taken. The payers get a guardian with an e-mail first: a receipt then queues two
 * e-mails, the student's and the mother's, as the outbox's insert finds them in the database.
 */
import net from 'node:net';
import { messages, studentContacts, transaction } from '@fees/db';
import { and, count, eq, gte } from 'drizzle-orm';
import { type LoadRequest, runHttpLoad } from '../http';
import { startBenchSmtp } from '@fees/server/testing/smtp';
import { median, summarize } from '../stats';
import type { BenchEnv, Measurement, Row } from '../types';
import { headRatesOf, receiptInputs } from './receipt-input';

const CONCURRENCY = 16;
/** Within this share of the no-channel p99 (the counter must not feel the channel). */
export const P99_ALLOWANCE = 0.1;

/** No channel, e-mail through the stand-in, or e-mail to an SMTP server that is down (refuses connections). */
export type BenchChannel = 'none' | 'email' | 'email-down';

export interface ChannelRun {
  channel: BenchChannel;
  receiptsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerReceipt: number;
}

const FIGURES = ['receiptsPerSec', 'p50Ms', 'p99Ms', 'cpuMsPerReceipt'] as const;
type Figures = Record<(typeof FIGURES)[number], number>;

/**
 * The runs of two kinds by their medians, `channel` against `base` as a share of base's (0.05: 5% more);
 * ok when channel's p99 is within P99_ALLOWANCE of base's.
 */
export function compareRuns(
  runs: readonly ChannelRun[],
  channel: BenchChannel = 'email',
  base: BenchChannel = 'none',
): {
  base: Figures;
  channel: Figures;
  change: Figures;
  ok: boolean;
} {
  const medians = (channel: ChannelRun['channel']) => {
    const of = runs.filter((r) => r.channel === channel);
    if (of.length === 0) throw new Error(`no run with channel ${channel}`);
    return Object.fromEntries(FIGURES.map((key) => [key, median(of.map((r) => r[key]))])) as Figures;
  };
  const from = medians(base);
  const to = medians(channel);
  const change = Object.fromEntries(FIGURES.map((key) => [key, to[key] / from[key] - 1])) as Figures;
  return { base: from, channel: to, change, ok: to.p99Ms <= from.p99Ms * (1 + P99_ALLOWANCE) };
}

/** A share as a signed percentage, "+4.2%". */
export function percent(share: number): string {
  if (!Number.isFinite(share)) return '-';
  return `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)}%`;
}

/** Each payer's mother, with an e-mail, as the first guardian (a student who has one keeps it). */
async function giveGuardians(env: BenchEnv): Promise<number> {
  const ids = [...new Set(env.target.payers.map((p) => p.studentId))];
  await transaction(env.direct.db, async (tx) => {
    for (let k = 0; k < ids.length; k += 500) {
      const rows = ids.slice(k, k + 500).map((studentId) => ({
        studentId,
        position: 1,
        name: `Mother of student ${studentId}`,
        relation: 'Mother',
        mobile: `+9198${String(studentId % 100_000_000).padStart(8, '0')}`,
        email: `mother${studentId}@example.in`,
        whatsapp: 0,
        remindersOptOut: 0,
      }));
      await tx.insert(studentContacts).values(rows).onConflictDoNothing();
    }
  });
  return ids.length;
}

/** A port of 127.0.0.1 nothing listens on: an SMTP server that is down refuses the connection there. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const CHANNELS: readonly BenchChannel[] = ['none', 'email', 'email-down'];
/** Each channel measured this many times; the comparisons are of the medians. */
const ROUNDS = 3;

/**
 * The channels in the order a round measures them, each moving one place a round (none first in round 1, last in
 * round 2, ...), so that what drifts over the runs (the database growing, the machine's other work) falls on each
 * channel alike.
 */
export function channelOrder(round: number): BenchChannel[] {
  const shift = (round - 1) % CHANNELS.length;
  return [...CHANNELS.slice(shift), ...CHANNELS.slice(0, shift)];
}

const CHANNEL_NAMES: Record<BenchChannel, string> = {
  none: 'no channel',
  email: 'e-mail on',
  'email-down': 'e-mail on, its server down',
};

async function receiptMessagesSince(env: BenchEnv, since: string): Promise<number> {
  const [found] = await env.direct.db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.event, 'receipt_created'), gte(messages.createdAt, since)));
  return Number(found?.n ?? 0);
}

export const receiptMessages: Measurement = {
  id: 'receipt-messages',
  title: `Receipts with e-mail on: receipts.create at concurrency ${CONCURRENCY}, no channel, e-mail, e-mail server down`,
  needs: ['receipts.create', 'messages.outbox'],
  columns: [
    { key: 'receiptsPerSec', label: 'receipts/s' },
    { key: 'p50Ms', label: 'p50 ms' },
    { key: 'p99Ms', label: 'p99 ms' },
    { key: 'maxMs', label: 'max ms' },
    { key: 'n', label: 'receipts' },
    { key: 'errors', label: 'errors' },
    { key: 'cpuMsPerReceipt', label: 'CPU ms/receipt' },
    { key: 'messagesPerReceipt', label: 'e-mails queued/receipt' },
    { key: 'sentDuringLoad', label: 'e-mails sent in the load' },
  ],
  async run(env) {
    const payers = await giveGuardians(env);
    const input = receiptInputs(env.target, headRatesOf(env.data));
    // Far from the receipt-creation measure's numbers: each UPI payment keeps a reference of its own.
    let seq = 10_000_000;
    const create = (): LoadRequest => ({
      method: 'POST',
      path: '/trpc/receipts.create',
      body: JSON.stringify(input(seq++)),
    });
    const loadMs = env.quick ? 15_000 : 30_000;
    const smtp = await startBenchSmtp();
    const downUrl = `smtp://127.0.0.1:${await closedPort()}`;
    const runs: ChannelRun[] = [];
    const rows: Row[] = [];
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        for (const channel of channelOrder(round)) {
          // Each on a fresh process with the same warm-up, one right after the other.
          const smtpUrl = channel === 'email' ? smtp.url : downUrl;
          await env.server.restartWith(
            channel === 'none' ? {} : { SMTP_URL: smtpUrl, MAIL_FROM: 'Fee office <fees@bench.local>' },
          );
          env.log(`  receipts.create HTTP concurrency ${CONCURRENCY}, ${CHANNEL_NAMES[channel]}`);
          await runHttpLoad(env.staff, { concurrency: 4, maxRequests: 200, maxMs: 5_000 }, create);
          const since = new Date().toISOString();
          const cpuBefore = env.server.cpuMs();
          const started = performance.now();
          const load = await runHttpLoad(
            env.staff,
            { concurrency: CONCURRENCY, maxRequests: 1_000_000, maxMs: loadMs },
            create,
          );
          const ended = performance.now();
          const cpuMs = env.server.cpuMs() - cpuBefore;
          const receipts = load.samples.length;
          const latency = summarize(load.samples);
          const figures: ChannelRun = {
            channel,
            receiptsPerSec: (receipts / load.elapsedMs) * 1000,
            p50Ms: latency.p50,
            p99Ms: latency.p99,
            cpuMsPerReceipt: cpuMs / receipts,
          };
          runs.push(figures);
          rows.push({
            name: `${CHANNEL_NAMES[channel]}, round ${round}`,
            values: {
              ...figures,
              maxMs: latency.max,
              n: receipts,
              errors: load.errors,
              messagesPerReceipt: (await receiptMessagesSince(env, since)) / receipts,
              sentDuringLoad: channel === 'email' ? smtp.between(started, ended) : 0,
              ...(load.firstError ? { firstError: load.firstError } : {}),
            },
          });
        }
      }
    } finally {
      await env.server.restartWith();
      await smtp.stop();
    }
    for (const [channel, base] of [
      ['email', 'none'],
      ['email-down', 'none'],
      ['email-down', 'email'],
    ] as const) {
      const { change, ok } = compareRuns(runs, channel, base);
      rows.push({
        name: `${CHANNEL_NAMES[channel]} against ${CHANNEL_NAMES[base]} (medians)`,
        values: {
          receiptsPerSec: percent(change.receiptsPerSec),
          p50Ms: percent(change.p50Ms),
          p99Ms: percent(change.p99Ms),
          cpuMsPerReceipt: percent(change.cpuMsPerReceipt),
        },
        target: `p99 within ${P99_ALLOWANCE * 100}%`,
        ok,
      });
    }
    const withPdf = smtp.received.filter((m) => m.pdf).length;
    return {
      rows,
      notes: [
        `${payers} paying students, each with the student's own e-mail and a guardian's`,
        `${ROUNDS} rounds, each channel's turn moving one place a round; each load ${loadMs / 1000} s after a ` +
          'warm-up of 200 receipts on the freshly started server; ' +
          'the worker waits while requests are in flight, at most 10 s, so it sends a round about every 10 s',
        `the SMTP stand-in received ${smtp.received.length} e-mails in all, ${withPdf} with the receipt's PDF; ` +
          'the rest of the queue stays for the next start with a channel',
        'CPU ms/receipt: the server process (/proc), the worker making PDFs included',
        `"its server down": SMTP_URL at ${downUrl}, where nothing listens: every send is refused and retried later`,
      ],
    };
  },
};
