import { existsSync } from 'node:fs';
import { constants, getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { EchoRequest } from './test/echo.worker';
import { ThreadClient } from './worker-thread';

const clients: Array<ThreadClient<EchoRequest, string>> = [];

function echoThread(background = false): ThreadClient<EchoRequest, string> {
  const client = new ThreadClient<EchoRequest, string>({
    name: 'The echo thread',
    built: new URL('./test/no-such-bundle.js', import.meta.url),
    source: new URL('./test/echo.worker.ts', import.meta.url),
    background,
  });
  clients.push(client);
  return client;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

describe('ThreadClient and serveThread', () => {
  it('answers each call with its own reply, whatever order the replies come in', async () => {
    const thread = echoThread();
    const slow = thread.call({ waitMs: 50 });
    const fast = thread.call({ echo: 'receipt 1179' });
    expect(await fast).toBe('receipt 1179');
    expect(await slow).toBe('waited 50 ms');
  });

  it("rejects a call with the thread's error message and goes on serving", async () => {
    const thread = echoThread();
    await expect(thread.call({ fail: 'The PDF could not be drawn' })).rejects.toThrow('The PDF could not be drawn');
    expect(await thread.call({ echo: 'still here' })).toBe('still here');
  });

  it('fails the calls waiting when the thread stops, and starts it again at the next call', async () => {
    const thread = echoThread();
    const waiting = thread.call({ waitMs: 5_000 });
    await expect(thread.call({ exit: 3 })).rejects.toThrow('The echo thread stopped (exit code 3)');
    await expect(waiting).rejects.toThrow('The echo thread stopped (exit code 3)');
    expect(await thread.call({ echo: 'started again' })).toBe('started again');
  });

  it('fails the calls still waiting when closed', async () => {
    const thread = echoThread();
    thread.warm();
    const waiting = thread.call({ waitMs: 5_000 });
    await thread.close();
    await expect(waiting).rejects.toThrow('The echo thread stopped');
  });

  it.runIf(existsSync('/proc/thread-self'))(
    "runs a background thread at the lowest CPU priority, leaving the server's own",
    async () => {
      const own = getPriority();
      expect(await echoThread(true).call('priority')).toBe(String(constants.priority.PRIORITY_LOW));
      expect(await echoThread(false).call('priority')).toBe(String(own));
      expect(getPriority()).toBe(own);
    },
  );

  it('names a thread whose entry is missing', () => {
    const thread = new ThreadClient<EchoRequest, string>({
      name: 'The missing thread',
      built: new URL('./test/no-such-bundle.js', import.meta.url),
      source: new URL('./test/no-such-entry.ts', import.meta.url),
    });
    expect(() => thread.warm()).toThrow(/The missing thread .*no-such-bundle\.js\) is missing beside the server/);
  });
});
