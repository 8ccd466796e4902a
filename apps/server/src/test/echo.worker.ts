/**
 * A thread for worker-thread.test.ts: answers what it is asked, fails when asked to, or stops; tells its CPU
 * priority (on Linux, the calling thread's own nice value).
 */
import { getPriority } from 'node:os';
import { serveThread } from '../worker-thread';

export type EchoRequest = { echo: string } | { fail: string } | { exit: number } | { waitMs: number } | 'priority';

serveThread<EchoRequest, string>(async (request) => {
  if (request === 'priority') return String(getPriority());
  if ('echo' in request) return request.echo;
  if ('fail' in request) throw new Error(request.fail);
  if ('exit' in request) process.exit(request.exit);
  await new Promise((resolve) => setTimeout(resolve, request.waitMs));
  return `waited ${request.waitMs} ms`;
});
