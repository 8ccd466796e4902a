/** What takeSnapshot (snapshot.ts) and its worker thread (snapshot.worker.ts) pass each other. */

/**
 * The handshake in the shared state word that fixes the snapshot's moment: the worker opens its
 * connection and waits (Ready); the main thread says Go and waits, blocked, until the worker holds
 * its read transaction (Reading) or could not start one (Failed).
 */
export const Handshake = { Opening: 0, Ready: 1, Go: 2, Reading: 3, Failed: 4 } as const;
export type Handshake = (typeof Handshake)[keyof typeof Handshake];

export interface SnapshotJob {
  /** The live database file. */
  source: string;
  /** The new file the snapshot is written to. */
  destination: string;
  /** One Int32 holding a Handshake step. */
  state: SharedArrayBuffer;
}

/** PRAGMA wal_checkpoint's answer: frames in the WAL (log), and how many are now in the database file. */
export interface WalCheckpoint {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface SnapshotResult {
  pages: number;
  bytes: number;
  /** The live database's PASSIVE checkpoint after the copy; null for an in-memory database. */
  checkpoint: WalCheckpoint | null;
}

/** The worker's messages: it is ready for Go, or it is done. */
export type WorkerMessage = { ready: true } | { done: SnapshotResult };

/** How long either side waits for the other during the handshake before giving up. */
export const HANDSHAKE_TIMEOUT_MS = 10_000;
