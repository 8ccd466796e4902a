/**
 * A local stand-in for an outside provider (MSG91, an SMS gateway, WhatsApp's Cloud API): an HTTP
 * server on 127.0.0.1 that records every request and answers what the test says, or never answers.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** What to answer; `hang` leaves the request without an answer (a provider that times out). */
export type StandInAnswer =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string> }
  | 'hang';

export interface StandIn {
  url: string;
  requests: RecordedRequest[];
  /** Decides the answer to each request; a test may replace it between sends. */
  answer: (request: RecordedRequest) => StandInAnswer;
  close: () => Promise<void>;
}

export async function startStandIn(answer: StandIn['answer']): Promise<StandIn> {
  const sockets = new Set<Socket>();
  const standIn = { requests: [] as RecordedRequest[], answer } as StandIn;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      standIn.requests.push(recorded);
      const reply = standIn.answer(recorded);
      if (reply === 'hang') return;
      const text = reply.json === undefined ? (reply.text ?? '') : JSON.stringify(reply.json);
      res.writeHead(reply.status, {
        'content-type': reply.json === undefined ? 'text/plain' : 'application/json',
        ...reply.headers,
      });
      res.end(text);
    });
  });
  // A client keeps its connection for the next call; a stand-in closing it first (Node's 5 s default)
  // races that call into ECONNRESET on a loaded machine.
  server.keepAliveTimeout = 120_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return standIn;
}
