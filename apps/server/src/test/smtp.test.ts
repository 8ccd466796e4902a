import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BenchSmtp, startBenchSmtp, startSmtpStandIn } from './smtp';

let smtp: BenchSmtp;

beforeAll(async () => {
  smtp = await startBenchSmtp();
});

afterAll(() => smtp.stop());

/** One message through a plain SMTP conversation, each command sent after the server's answer to the last. */
async function send(url: string, data: string): Promise<string[]> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const replies: string[] = [];
  let buffered = '';
  let waiting: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    // A reply ends with a line whose code is followed by a space (the lines before it: a code and a dash).
    if (buffered.endsWith('\r\n') && /^\d{3} /.test(buffered.split('\r\n').at(-2) ?? '')) {
      replies.push(buffered.trim());
      buffered = '';
      waiting?.();
    }
  });
  const reply = () => new Promise<void>((resolve) => (waiting = resolve));
  await reply();
  for (const command of ['EHLO bench', 'MAIL FROM:<fees@bench.local>', 'RCPT TO:<mother1@example.in>', 'DATA']) {
    socket.write(`${command}\r\n`);
    await reply();
  }
  socket.write(`${data}\r\n.\r\n`);
  await reply();
  socket.end('QUIT\r\n');
  return replies;
}

describe('the SMTP stand-in for the bench', () => {
  it('accepts a message and counts it, with whether it carried a PDF', async () => {
    const before = performance.now();
    const replies = await send(
      smtp.url,
      'Subject: Receipt 12\r\nContent-Type: application/pdf; name="receipt-12.pdf"\r\n\r\nJVBERi0xLjQ=',
    );
    expect(replies.at(-1)).toMatch(/^250 /);
    expect(smtp.received).toEqual([{ at: expect.any(Number), bytes: expect.any(Number), pdf: true }]);
    expect(smtp.between(before, performance.now())).toBe(1);
    expect(smtp.between(0, before)).toBe(0);
  });

  it('parses and keeps what it was sent when no one takes the raw message', async () => {
    const parsing = await startSmtpStandIn();
    try {
      const replies = await send(parsing.url, 'Subject: Receipt 13\r\n\r\nPaid with thanks.');
      expect(replies.at(-1)).toMatch(/^250 /);
      const [mail] = await parsing.waitFor(1);
      expect(mail?.subject).toBe('Receipt 13');
      expect(mail?.text?.trim()).toBe('Paid with thanks.');
    } finally {
      await parsing.stop();
    }
  });
});
