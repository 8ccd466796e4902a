/**
 * HTTP for the bench, only to 127.0.0.1. The load is autocannon's (keep-alive connections, little
 * client CPU, which matters when client and server share 2 cores); a small node:http client signs
 * in, keeps the session cookie of one account and makes the single requests around the loads.
 * tRPC calls use the plain JSON wire format (no transformer).
 */
import http from 'node:http';
import autocannon from 'autocannon';

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

/**
 * One account's client. Given several ports (app servers on one database), single requests go to the
 * first and loads spread their connections over all of them (the session is valid on each).
 */
export class HttpClient {
  private readonly agent: http.Agent;
  private readonly portNumbers: number[];
  cookie: string | null = null;

  constructor(ports: number | number[], maxSockets = 64) {
    this.portNumbers = typeof ports === 'number' ? [ports] : ports;
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  private get portNumber(): number {
    return this.portNumbers[0]!;
  }

  request(
    method: 'GET' | 'POST',
    path: string,
    body?: string,
    headers: http.OutgoingHttpHeaders = {},
  ): Promise<HttpResult> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.portNumber,
          method,
          path,
          agent: this.agent,
          headers: {
            ...(body === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({
              status: res.statusCode ?? 0,
              body: body.toString('utf8'),
              bytes: body.length,
              headers: res.headers,
              ms: performance.now() - started,
            });
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
        {
          host: '127.0.0.1',
          port: this.portNumber,
          method: 'GET',
          path,
          headers: this.cookie ? { cookie: this.cookie } : {},
        },
        (res) => {
          const firstByteMs = performance.now() - started;
          let bytes = 0;
          res.on('data', (c: Buffer) => {
            bytes += c.length;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started, firstByteMs }),
          );
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
        {
          host: '127.0.0.1',
          port: this.portNumber,
          method: 'GET',
          path,
          headers: this.cookie ? { cookie: this.cookie } : {},
        },
        (res) => {
          resolve(res.statusCode ?? 0);
          res.destroy();
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  /** The headers every request of this client sends (the session cookie), for a load on its behalf. */
  get headers(): Record<string, string> {
    return this.cookie ? { cookie: this.cookie } : {};
  }

  get port(): number {
    return this.portNumber;
  }

  get ports(): number[] {
    return this.portNumbers;
  }

  trpcQueryPath(procedure: string, input: unknown): string {
    return input === undefined
      ? `/trpc/${procedure}`
      : `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
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
  /** The latency of every answered request (or call), in ms. */
  samples: number[];
  /** CPU ms this process used during the load (its own work: for direct calls, the whole cost). */
  ownCpuMs: number;
  errors: number;
  firstError: string | null;
  elapsedMs: number;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  /** JSON text. */
  body?: string;
}

/**
 * HTTP load through autocannon: `concurrency` keep-alive connections send `next(i)` as client's
 * requests until the request or time budget is spent, spread over the client's ports (one autocannon
 * per port, the connections and requests shared out as evenly as they go). Every response's time is
 * kept (not autocannon's whole-millisecond histogram) so the summaries are those of the direct calls;
 * a non-2xx answer counts as an error. The elapsed time ends at the last answer: autocannon notices
 * that its budget is spent only at its next sampling tick (once a second), and a rate over that
 * wait would halve a one-second load's figure.
 */
export async function runHttpLoad(
  client: HttpClient,
  options: LoadOptions,
  next: (i: number) => LoadRequest,
): Promise<LoadResult> {
  const samples: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let issued = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let lastAnswered = started;
  const ports = client.ports.slice(0, options.concurrency);
  const share = (total: number, i: number) => Math.floor(total / ports.length) + (i < total % ports.length ? 1 : 0);
  const loadOne = (port: number, connections: number, amount: number) =>
    new Promise<void>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `http://127.0.0.1:${port}`,
          connections,
          amount,
          requests: [
            {
              setupRequest: (request) => {
                const { method, path, body } = next(issued++);
                const json = body === undefined ? {} : { 'content-type': 'application/json' };
                return { ...request, method, path, body, headers: { ...client.headers, ...json } };
              },
              onResponse: (status, body) => {
                if (status >= 200 && status < 300) return;
                errors++;
                firstError ??= `HTTP ${status} ${body.slice(0, 300)}`;
              },
            },
          ],
        },
        (error, result) => {
          clearTimeout(deadline);
          if (error) return reject(error);
          errors += result.errors + result.timeouts;
          resolve();
        },
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        lastAnswered = performance.now();
        if (statusCode >= 200 && statusCode < 300) samples.push(responseTime);
      });
      const deadline = setTimeout(() => instance.stop(), options.maxMs);
    });
  await Promise.all(
    ports.map((port, i) => loadOne(port, share(options.concurrency, i), share(options.maxRequests, i))),
  );
  const cpu = process.cpuUsage(cpuBefore);
  // A load that got no answer at all lasted until it was stopped.
  const ended = lastAnswered > started ? lastAnswered : performance.now();
  return { samples, errors, firstError, elapsedMs: ended - started, ownCpuMs: (cpu.user + cpu.system) / 1000 };
}

/** Runs `once(i)` (a direct call, no HTTP) from `concurrency` workers until the request or time budget is spent. */
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
  return {
    samples,
    errors,
    firstError,
    elapsedMs: performance.now() - started,
    ownCpuMs: (cpu.user + cpu.system) / 1000,
  };
}
