/**
 * A small HTTP client for the load: node:http with keep-alive sockets (far less client CPU than
 * fetch, which matters when client and server share 2 cores), only to 127.0.0.1, with the session
 * cookie of one signed-in account. tRPC calls use the plain JSON wire format (no transformer).
 */
import http from 'node:http';

export interface HttpResult {
  status: number;
  body: string;
  /** Bytes of the body as sent (still compressed when the server compressed it). */
  bytes: number;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what}: HTTP ${status} ${body.slice(0, 300)}`);
  }
}

export class HttpClient {
  private readonly agent: http.Agent;
  cookie: string | null = null;

  constructor(
    private readonly port: number,
    maxSockets = 64,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  request(method: 'GET' | 'POST', path: string, body?: string, headers: http.OutgoingHttpHeaders = {}): Promise<HttpResult> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({ status: res.statusCode ?? 0, body: body.toString('utf8'), bytes: body.length, headers: res.headers, ms: performance.now() - started });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Streams a download without keeping it; returns its size and time. */
  download(path: string): Promise<{ status: number; bytes: number; ms: number; firstByteMs: number }> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: this.port, method: 'GET', path, headers: this.cookie ? { cookie: this.cookie } : {} },
        (res) => {
          const firstByteMs = performance.now() - started;
          let bytes = 0;
          res.on('data', (c: Buffer) => {
            bytes += c.length;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started, firstByteMs }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  /** The status of a GET without reading its body (the connection is dropped). */
  probe(path: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: this.port, method: 'GET', path, headers: this.cookie ? { cookie: this.cookie } : {} },
        (res) => {
          resolve(res.statusCode ?? 0);
          res.destroy();
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  trpcQueryPath(procedure: string, input: unknown): string {
    return input === undefined ? `/trpc/${procedure}` : `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
  }

  async query<T = unknown>(procedure: string, input?: unknown): Promise<T> {
    const res = await this.request('GET', this.trpcQueryPath(procedure, input));
    if (res.status !== 200) throw new HttpError(res.status, res.body, procedure);
    return (JSON.parse(res.body) as { result: { data: T } }).result.data;
  }

  async mutation<T = unknown>(procedure: string, input?: unknown): Promise<{ data: T; res: HttpResult }> {
    const res = await this.request('POST', `/trpc/${procedure}`, JSON.stringify(input ?? null));
    if (res.status !== 200) throw new HttpError(res.status, res.body, procedure);
    return { data: (JSON.parse(res.body) as { result: { data: T } }).result.data, res };
  }

  /** Signs in through the real procedure and keeps the session cookie. */
  async signIn(procedure: 'auth.login' | 'auth.departmentLogin', input: Record<string, unknown>): Promise<void> {
    const { res } = await this.mutation(procedure, input);
    const setCookie = res.headers['set-cookie']?.[0];
    if (!setCookie) throw new Error(`${procedure} gave no session cookie`);
    this.cookie = setCookie.split(';')[0]!;
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface LoadOptions {
  concurrency: number;
  /** Stops after this many requests ... */
  maxRequests: number;
  /** ... or after this long, whichever comes first. */
  maxMs: number;
}

export interface LoadResult {
  samples: number[];
  /** CPU ms this process used during the load (its own work: for direct calls, the whole cost). */
  ownCpuMs: number;
  errors: number;
  firstError: string | null;
  elapsedMs: number;
}

/** Runs `once(i)` from `concurrency` workers until the request or time budget is spent. */
export async function runLoad(options: LoadOptions, once: (i: number) => Promise<void>): Promise<LoadResult> {
  const samples: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let issued = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const deadline = started + options.maxMs;
  const worker = async () => {
    while (issued < options.maxRequests && performance.now() < deadline) {
      const i = issued++;
      const t = performance.now();
      try {
        await once(i);
        samples.push(performance.now() - t);
      } catch (error) {
        errors++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const cpu = process.cpuUsage(cpuBefore);
  return { samples, errors, firstError, elapsedMs: performance.now() - started, ownCpuMs: (cpu.user + cpu.system) / 1000 };
}
