/**
 * The drawing thread (document-drawer.ts): draws each receipt or demand notice it is given and answers with its
 * PDF, so that the server's own thread, which serves the counter, never spends the milliseconds a PDF takes.
 */
import { serveThread } from '../worker-thread';
import { drawNotice } from './notice-drawing';
import type { Drawing } from './document-drawer';
import { drawReceipt } from './receipt-drawing';

serveThread<Drawing, Uint8Array>((drawing) =>
  'receipt' in drawing ? drawReceipt(drawing.receipt) : drawNotice(drawing.notice),
);
