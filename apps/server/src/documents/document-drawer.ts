/**
 * Receipts and demand notices drawn on a thread of their own (document.worker.ts): the PDF routes and the message
 * worker hand over what a receipt or notice shows and await its PDF, while the server's thread keeps serving the
 * counter. One thread, started with the server and ended with it; a thread that stopped is started again at the
 * next drawing.
 */
import { ThreadClient } from '../worker-thread';
import type { NoticeDrawing } from './notice-drawing';
import type { ReceiptDrawing } from './receipt-drawing';

/** A document to draw: a receipt or a demand notice. */
export type Drawing = { receipt: ReceiptDrawing } | { notice: NoticeDrawing };

export class DocumentDrawer {
  private readonly thread = new ThreadClient<Drawing, Uint8Array>({
    name: 'The drawing thread',
    built: new URL('./documents/document.worker.js', import.meta.url),
    source: new URL('./document.worker.ts', import.meta.url),
  });

  /** Starts the thread ahead of the first receipt, so that its start never falls amid the counter's requests. */
  warm(): void {
    this.thread.warm();
  }

  /** The document's PDF, drawn on the thread. */
  async draw(drawing: Drawing): Promise<Buffer> {
    const pdf = await this.thread.call(drawing);
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  }

  /** Ends the thread; drawings still waiting fail. */
  close(): Promise<void> {
    return this.thread.close();
  }
}
