/**
 * The bench's stand-in of an SMTP server (smtp-server on 127.0.0.1): accepts every message, keeps only
 * when each arrived, its size and whether it carried a PDF, so the bench can count what the server's
 * worker sent during a load.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** performance.now() when the message's data ended. */
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

export async function startBenchSmtp(): Promise<BenchSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The server's worker sends several messages at once.
    maxClients: 64,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const data = Buffer.concat(chunks);
        received.push({
          at: performance.now(),
          bytes: data.length,
          pdf: data.includes('application/pdf'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP stand-in has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    between: (from, to) => received.filter((m) => m.at >= from && m.at <= to).length,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
