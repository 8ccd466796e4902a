/**
 * A local stand-in of an SMTP server (smtp-server, on 127.0.0.1) for the e-mail tests and the bench: it
 * takes every message, or refuses recipients the test names. By default it keeps what it was sent, parsed
 * (mailparser); given `onMessage` it hands over each message's raw bytes instead and parses nothing, so a
 * bench taking thousands of e-mails during a load spends no time reading them.
 */
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpStandInOptions {
  refuse?: (address: string) => boolean;
  /** Called with each message's raw bytes when its data ends; the message is then neither parsed nor kept. */
  onMessage?: (raw: Buffer) => void;
}

export interface SmtpStandIn {
  /** SMTP_URL for the server under test. */
  url: string;
  received: ParsedMail[];
  /** Waits until `count` messages have arrived (or fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  stop(): Promise<void>;
}

export async function startSmtpStandIn(options: SmtpStandInOptions = {}): Promise<SmtpStandIn> {
  const received: ParsedMail[] = [];
  const { onMessage } = options;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The server's worker sends several messages at once.
    maxClients: 64,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const error = Object.assign(new Error('No such user here'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      if (onMessage) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          onMessage(Buffer.concat(chunks));
          callback();
        });
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP stand-in has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} e-mails arrived in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One message as the bench keeps it: when its data ended (performance.now()), its size, and whether it carried a PDF. */
export interface ReceivedMail {
  at: number;
  bytes: number;
  pdf: boolean;
}

export interface BenchSmtp {
  /** SMTP_URL for the server under test. */
  url: string;
  received: ReceivedMail[];
  /** How many messages arrived from `from` to `to` (performance.now() times). */
  between(from: number, to: number): number;
  stop(): Promise<void>;
}

/** The stand-in as the bench uses it: it counts and times what the server's worker sent during a load. */
export async function startBenchSmtp(): Promise<BenchSmtp> {
  const received: ReceivedMail[] = [];
  const smtp = await startSmtpStandIn({
    onMessage: (raw) =>
      received.push({ at: performance.now(), bytes: raw.length, pdf: raw.includes('application/pdf') }),
  });
  return {
    url: smtp.url,
    received,
    between: (from, to) => received.filter((m) => m.at >= from && m.at <= to).length,
    stop: smtp.stop,
  };
}
