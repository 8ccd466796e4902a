/**
 * Work the server hands to a thread of its own (drawing PDFs, talking SMTP), so that the thread serving the
 * counter never spends those milliseconds. The thread starts at the first call (or `warm()`), holds the
 * process only while a call waits for its answer, and is started again at the next call if it stopped.
 */
import { existsSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker, workerData } from 'node:worker_threads';

interface Call<Request> {
  id: number;
  request: Request;
}

type Answer<Reply> = { id: number; reply: Reply } | { id: number; error: string };

interface Pending<Reply> {
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

export interface ThreadEntry {
  /** What the thread is called in errors: "the drawing thread". */
  name: string;
  /** The entry as build.mjs bundles it, relative to the bundled server (dist/main.js). */
  built: URL;
  /** The TypeScript entry beside its sources, run through tsx's require hook when there is no bundle. */
  source: URL;
  /**
   * Work that may wait (the message worker's e-mails and their PDFs): the thread runs at the lowest CPU priority,
   * so that on a busy machine the counter's requests, and the client taking them, get the cores first.
   */
  background?: boolean;
}

/** What a thread is started with. */
interface ThreadData {
  background: boolean;
}

/**
 * The thread: the bundled entry beside the server, or, from sources, the TypeScript file through tsx's
 * require hook (Node does not apply import hooks to a worker's entry).
 */
function startThread(entry: ThreadEntry): Worker {
  const data: ThreadData = { background: entry.background ?? false };
  if (existsSync(fileURLToPath(entry.built))) return new Worker(entry.built, { workerData: data });
  const source = fileURLToPath(entry.source);
  if (!existsSync(source))
    throw new Error(`${entry.name} (${fileURLToPath(entry.built)}) is missing beside the server`);
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(source)});`, {
    eval: true,
    workerData: data,
  });
}

/**
 * Lowers the calling thread's CPU priority to the lowest (nice 19). Linux schedules each thread by its own
 * priority and names the calling thread's id in /proc/thread-self; elsewhere the thread keeps the process's.
 */
function lowerThisThreadsPriority(): void {
  if (!existsSync('/proc/thread-self')) return;
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  setPriority(threadId, constants.priority.PRIORITY_LOW);
}

/** The server's side of a thread: each call posted with an id, its answer settling the caller's promise. */
export class ThreadClient<Request, Reply> {
  private thread: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending<Reply>>();

  constructor(private readonly entry: ThreadEntry) {}

  /** Starts the thread ahead of the first call, so that its start never falls amid the counter's requests. */
  warm(): void {
    if (!this.thread) this.start();
  }

  call(request: Request): Promise<Reply> {
    const thread = this.thread ?? this.start();
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // A call waits for its answer: the thread must not let the process end meanwhile, nor hold it when idle.
      if (this.pending.size === 1) thread.ref();
      thread.postMessage({ id, request } satisfies Call<Request>);
    });
  }

  /** Ends the thread; calls still waiting fail. */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    await thread?.terminate();
  }

  private start(): Worker {
    const thread = startThread(this.entry);
    thread.unref();
    thread.on('message', (answer: Answer<Reply>) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (this.pending.size === 0) thread.unref();
      if ('reply' in answer) waiting.resolve(answer.reply);
      else waiting.reject(new Error(answer.error));
    });
    const fail = (error: Error) => {
      if (this.thread === thread) this.thread = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`${this.entry.name} stopped (exit code ${code})`)));
    this.thread = thread;
    return thread;
  }
}

/** The thread's side: answers each call with what `handle` gives, or with its error's message. */
export function serveThread<Request, Reply>(handle: (request: Request) => Promise<Reply>): void {
  const port = parentPort;
  if (!port) throw new Error('This module runs as a worker thread');
  if ((workerData as ThreadData | null)?.background) lowerThisThreadsPriority();
  port.on('message', ({ id, request }: Call<Request>) => {
    handle(request).then(
      (reply) => port.postMessage({ id, reply } satisfies Answer<Reply>),
      (error: unknown) =>
        port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies Answer<Reply>),
    );
  });
}
