/**
 * The drawing thread (document-drawer.ts): draws each receipt, demand notice or no-dues certificate it is given
 * and answers with its PDF, so that the server's own thread, which serves the counter, never spends the
 * milliseconds a PDF takes.
 */
import { serveThread } from '../worker-thread';
import { drawCertificate } from './certificate-drawing';
import { drawNotice } from './notice-drawing';
import type { Drawing } from './document-drawer';
import { drawReceipt } from './receipt-drawing';

serveThread<Drawing, Uint8Array>((drawing) => {
  if ('receipt' in drawing) return drawReceipt(drawing.receipt);
  if ('notice' in drawing) return drawNotice(drawing.notice);
  return drawCertificate(drawing.certificate);
});
