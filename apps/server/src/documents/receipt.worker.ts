/**
 * The drawing thread (receipt-drawer.ts): draws each receipt or demand notice it is given and answers with its
 * PDF, so that the server's own thread, which serves the counter, never spends the milliseconds a PDF takes.
 */
import { parentPort } from 'node:worker_threads';
import { drawNotice } from './notice-drawing';
import { drawReceipt } from './receipt-drawing';
import type { DrawReply, DrawRequest } from './receipt-drawer';

if (!parentPort) throw new Error('receipt.worker.ts runs as a worker thread');
const port = parentPort;
port.on('message', ({ id, drawing }: DrawRequest) => {
  ('receipt' in drawing ? drawReceipt(drawing.receipt) : drawNotice(drawing.notice)).then(
    (pdf) => port.postMessage({ id, pdf } satisfies DrawReply),
    (error: unknown) =>
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies DrawReply),
  );
});
