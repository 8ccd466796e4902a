// The bundle's entries, relative to apps/server: build.mjs bundles them all; the bench (tools/src/bench/server.ts)
// bundles the server and its worker threads the same way.
export const serverEntry = 'src/main.ts';

// Worker threads, loaded by path beside the bundled server: the backup's snapshot, the drawing of receipts and
// notices, and the mail thread (dist/backup/snapshot.worker.js, dist/documents/document.worker.js,
// dist/domain/messages/channels/mail.worker.js).
export const workerEntries = [
  'src/backup/snapshot.worker.ts',
  'src/documents/document.worker.ts',
  'src/domain/messages/channels/mail.worker.ts',
];

export const scriptEntries = ['src/scripts/restore.ts', 'src/scripts/reset-password.ts', 'src/scripts/verify-keys.ts'];
