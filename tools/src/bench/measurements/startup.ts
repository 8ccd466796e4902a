/** Server start on the large database: spawn of `node main.js` to /healthz answering, over several restarts. */
import { median } from '../stats';
import type { Measurement } from '../types';

const RESTARTS = 3;

export const startup: Measurement = {
  id: 'startup',
  title: 'Server start (spawn to /healthz)',
  columns: [
    { key: 'startMs', label: 'ms' },
    { key: 'starts', label: 'starts' },
  ],
  async run(env) {
    const first = env.server.startTimes[0]!;
    const restarts: number[] = [];
    for (let i = 0; i < RESTARTS; i++) {
      await env.server.stop();
      restarts.push(await env.server.start());
    }
    const typical = median(restarts);
    const worst = Math.max(...restarts);
    return {
      rows: [
        { name: 'first start of the run', values: { startMs: first, starts: 1 } },
        {
          name: 'restart, median',
          values: { startMs: typical, starts: RESTARTS },
          target: '<2000 ms',
          ok: typical < 2000,
        },
        { name: 'restart, worst', values: { startMs: worst, starts: RESTARTS }, target: '<2000 ms', ok: worst < 2000 },
      ],
    };
  },
};
