/**
 * Receipt creation through HTTP (/trpc/receipts.create with a staff session) at concurrency 1, 16
 * and 64, beside the same procedure called without HTTP on a connection of the bench process (one
 * at a time: SQLite has one writer, so that is the ceiling). Ratio = HTTP rate / direct rate.
 */
import { runLoad } from '../http';
import { summarize } from '../stats';
import type { Measurement, Row } from '../types';
import { gstRateOf, receiptInputs } from './receipt-input';

const CONCURRENCY = [1, 16, 64];

export const receiptCreation: Measurement = {
  id: 'receipt-creation',
  title: 'Receipt creation (receipts.create)',
  needs: ['receipts.create'],
  columns: [
    { key: 'receiptsPerSec', label: 'receipts/s' },
    { key: 'p50Ms', label: 'p50 ms' },
    { key: 'p99Ms', label: 'p99 ms' },
    { key: 'maxMs', label: 'max ms' },
    { key: 'n', label: 'n' },
    { key: 'errors', label: 'errors' },
    { key: 'ratio', label: 'vs direct' },
  ],
  async run(env) {
    const input = receiptInputs(env.target, gstRateOf(env.direct.db));
    let seq = 0;
    const next = () => input(seq++);
    const { createRequests, createMs } = env.budget;

    await runLoad({ concurrency: 4, maxRequests: 200, maxMs: 5_000 }, async () => {
      await env.staff.mutation('receipts.create', next());
    });

    env.log('  receipts.create direct');
    const direct = await runLoad({ concurrency: 1, maxRequests: createRequests, maxMs: createMs }, async () => {
      await env.direct.staff('receipts.create', next());
    });
    const directRate = (direct.samples.length / direct.elapsedMs) * 1000;
    const rows: Row[] = [];
    for (const concurrency of CONCURRENCY) {
      env.log(`  receipts.create HTTP concurrency ${concurrency}`);
      const load = await runLoad({ concurrency, maxRequests: createRequests, maxMs: createMs }, async () => {
        await env.staff.mutation('receipts.create', next());
      });
      const latency = summarize(load.samples);
      const rate = (load.samples.length / load.elapsedMs) * 1000;
      const row: Row = {
        name: `HTTP, concurrency ${concurrency}`,
        values: { receiptsPerSec: rate, p50Ms: latency.p50, p99Ms: latency.p99, maxMs: latency.max, n: latency.n, errors: load.errors, ratio: rate / directRate },
      };
      if (concurrency === 16) {
        row.target = '>=1000/s, p99<50, >=0.5x';
        row.ok = rate >= 1000 && latency.p99 < 50 && rate / directRate >= 0.5 && load.errors === 0;
      }
      if (load.firstError) row.values.firstError = load.firstError;
      rows.push(row);
    }
    const d = summarize(direct.samples);
    rows.push({
      name: 'direct (no HTTP), one at a time',
      values: { receiptsPerSec: directRate, p50Ms: d.p50, p99Ms: d.p99, maxMs: d.max, n: d.n, errors: direct.errors, ratio: 1 },
    });
    return { rows };
  },
};
