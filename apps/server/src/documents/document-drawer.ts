/**
 * Receipts, demand notices and no-dues certificates drawn on a thread of their own (document.worker.ts): the PDF
 * routes and the message worker hand over what a document shows and await its PDF, while the server's thread keeps
 * serving the counter. The server starts two: one for the PDFs staff and families download, and one at background
 * priority for the message worker's attachments, which may wait while the counter is busy. A thread that stopped is
 * started again at the next drawing.
 */
import { ThreadClient } from '../worker-thread';
import type { CertificateDrawing } from './certificate-drawing';
import type { NoticeDrawing } from './notice-drawing';
import type { ReceiptDrawing } from './receipt-drawing';

/** A document to draw: a receipt, a demand notice or a no-dues certificate. */
export type Drawing = { receipt: ReceiptDrawing } | { notice: NoticeDrawing } | { certificate: CertificateDrawing };

export class DocumentDrawer {
  private readonly thread: ThreadClient<Drawing, Uint8Array>;

  /** `background`: the thread draws at the lowest CPU priority (the message worker's attachments). */
  constructor({ background = false }: { background?: boolean } = {}) {
    this.thread = new ThreadClient({
      name: background ? 'The background drawing thread' : 'The drawing thread',
      built: new URL('./documents/document.worker.js', import.meta.url),
      source: new URL('./document.worker.ts', import.meta.url),
      background,
    });
  }

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
