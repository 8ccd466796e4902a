import type { Database } from '@fees/db';
import type Sqlite from 'better-sqlite3';
import type { HttpClient } from './http';
import type { Servers } from './server';
import type { BenchTarget } from './target';

export type Caller = (path: string, input: unknown) => Promise<unknown>;

export interface Budget {
  /** Per report and per side (HTTP, direct): at most this many samples ... */
  reportSamples: number;
  /** ... or this long. */
  reportMs: number;
  createRequests: number;
  createMs: number;
}

/** Everything a measurement may use: the running server, signed-in clients, direct callers. */
export interface BenchEnv {
  quick: boolean;
  engine: 'sqlite' | 'postgresql';
  /** One server process, or several on one PostgreSQL database. */
  server: Servers;
  /** Signed in as staff of the target department, and as an admin. */
  staff: HttpClient;
  admin: HttpClient;
  /** The same procedures without HTTP (createCaller on a connection of this process), as those two accounts. */
  direct: { db: Database; staff: Caller; admin: Caller };
  /**
   * The SQLite file the run's data is in (on PostgreSQL: the file copied there), for choosing inputs:
   * ids, the GST rate. The receipts a section writes on PostgreSQL are not in it.
   */
  data: Sqlite.Database;
  target: BenchTarget;
  budget: Budget;
  hasProcedure: (path: string) => boolean;
  log: (line: string) => void;
}

export type Value = number | string | boolean | null;

export interface Row {
  name: string;
  values: Record<string, Value>;
  /** The target this row is held to, in words, and whether it was met (null: no target). */
  target?: string;
  ok?: boolean | null;
}

export interface Column {
  key: string;
  label: string;
}

export interface SectionResult {
  rows: Row[];
  notes?: string[];
}

export interface Measurement {
  id: string;
  title: string;
  columns: Column[];
  /** Procedures it needs; missing ones make it 'not available yet'. */
  needs?: string[];
  run(env: BenchEnv): Promise<SectionResult>;
}

/** Thrown by a measurement that cannot run yet (a route or procedure not built). */
export class NotAvailable extends Error {}
