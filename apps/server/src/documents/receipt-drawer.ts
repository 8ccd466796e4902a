/**
 * Receipts and demand notices drawn on a thread of their own (receipt.worker.ts): the message worker hands
 * over what a receipt or notice shows and awaits its PDF, while the server's thread keeps serving the counter. One thread,
 * started with the message worker and ended with it; a thread that stopped is started again at the next
 * receipt.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { NoticeDrawing } from './notice-drawing';
import type { ReceiptDrawing } from './receipt-drawing';

/** A document to draw: a receipt or a demand notice. */
export type Drawing = { receipt: ReceiptDrawing } | { notice: NoticeDrawing };

export interface DrawRequest {
  id: number;
  drawing: Drawing;
}

export type DrawReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

/**
 * The thread: built by build.mjs into dist/documents/ beside the bundled server, or, from sources, the
 * TypeScript file beside this one through tsx's require hook (Node does not apply import hooks to a
 * worker's entry).
 */
function startThread(): Worker {
  const built = new URL('./documents/receipt.worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return new Worker(built);
  const source = fileURLToPath(new URL('./receipt.worker.ts', import.meta.url));
  if (!existsSync(source))
    throw new Error('The receipts thread (documents/receipt.worker.js) is missing beside the server');
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(source)});`, { eval: true });
}

export class ReceiptDrawer {
  private thread: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** Starts the thread ahead of the first receipt, so that its start never falls amid the counter's requests. */
  warm(): void {
    if (!this.thread) this.start();
  }

  /** The document's PDF, drawn on the thread. */
  draw(drawing: Drawing): Promise<Buffer> {
    const thread = this.thread ?? this.start();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // A drawing waits for its PDF: the thread must not let the process end meanwhile, nor hold it when idle.
      if (this.pending.size === 1) thread.ref();
      thread.postMessage({ id, drawing } satisfies DrawRequest);
    });
  }

  /** Ends the thread; drawings still waiting fail. */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    await thread?.terminate();
  }

  private start(): Worker {
    const thread = startThread();
    thread.unref();
    thread.on('message', (reply: DrawReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) thread.unref();
      if ('pdf' in reply) waiting.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      else waiting.reject(new Error(reply.error));
    });
    const fail = (error: Error) => {
      if (this.thread === thread) this.thread = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`The receipts thread stopped (exit code ${code})`)));
    this.thread = thread;
    return thread;
  }
}
