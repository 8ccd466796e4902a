/**
 * What every answer and every write goes through at the HTTP edge:
 * - a state-changing request (anything but GET, HEAD, OPTIONS) from a page of another origin is
 *   refused with 403: its Origin header (or, without one, Sec-Fetch-Site) must name the app's own
 *   origin or one of PUBLIC_URL and ALLOWED_ORIGINS; a request with neither header (curl, scripts,
 *   server-side clients) is no browser page and passes;
 * - the app's own origin is judged from the Host header, which a page can make name anything: a page of
 *   rebind.example whose DNS name is switched to this server's address (DNS rebinding) sends Host and
 *   Origin rebind.example alike. So a write from a browser page must name this server by a name it
 *   knows (serverNames);
 * - security headers by helmet: a CSP allowing only the app's own scripts, no framing,
 *   nosniff, Referrer-Policy same-origin; HSTS only when served over HTTPS. Helmet's middleware is
 *   built once (@fastify/helmet built it again for every request: some 9 µs of parsing each);
 * - Cache-Control: no-store on every API answer (students and money must not stay in caches).
 */
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface HttpSecurityOptions {
  /** Origins besides the app's own that may send writes (a reverse proxy's public address). */
  allowedOrigins: string[];
  /** Names the server is reached by besides localhost and IP addresses: HOST, PUBLIC_URL's, ALLOWED_ORIGINS'. */
  serverNames: string[];
  /** COOKIE_SECURE=1: the app is served over HTTPS whatever the request says. */
  secure: boolean;
}

const noop = () => {};
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const API_PREFIXES = ['/trpc', '/rest', '/api'];

/** Whether the request came over HTTPS: COOKIE_SECURE, or the protocol (X-Forwarded-Proto only with TRUST_PROXY). */
export function isSecureRequest(req: FastifyRequest, secure: boolean): boolean {
  return secure || req.protocol === 'https';
}

const nameOf = (host: string) => host.toLowerCase().replace(/\.$/, '');

/**
 * Whether a Host header's name is one this server answers to: a configured name, this machine's own
 * name, localhost or a name under .localhost, or an IP address (an address has no DNS to rebind).
 */
function knownNames(configured: string[]): (host: string) => boolean {
  const names = new Set([...configured, hostname()].map(nameOf));
  return (host) => {
    const name = nameOf(host);
    return (
      names.has(name) || name === 'localhost' || name.endsWith('.localhost') || isIP(name.replace(/^\[|\]$/g, '')) !== 0
    );
  };
}

/** Why a write is refused, or null when it comes from the app's own pages or from no page at all. */
function crossSiteRefusal(
  req: FastifyRequest,
  allowed: Set<string>,
  isKnown: (host: string) => boolean,
): string | null {
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if (origin !== undefined) {
    if (allowed.has(origin)) return null;
    if (origin !== `${req.protocol}://${req.host}`) return `Refused: this request came from another site (${origin})`;
  } else if (site === 'cross-site' || site === 'same-site') {
    return 'Refused: this request came from another site';
  } else if (site === undefined) {
    return null;
  }
  if (isKnown(req.hostname)) return null;
  return `Refused: this server is not set up to be reached as ${req.hostname} (PUBLIC_URL, ALLOWED_ORIGINS)`;
}

export async function httpSecurity(app: FastifyInstance, options: HttpSecurityOptions): Promise<void> {
  const allowed = new Set(options.allowedOrigins);
  const isKnown = knownNames(options.serverNames);
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Mantine sets style attributes and injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // data: for the favicon and generated QR codes, blob: for files made in the browser.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Sent only over HTTPS, below: over plain HTTP in an office network it would lock browsers out.
    hsts: false,
  });

  app.addHook('onRequest', async (req, reply) => {
    securityHeaders(req.raw, reply.raw, noop);
    if (isSecureRequest(req, options.secure)) {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    const path = req.url.split('?')[0]!;
    if (API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
      reply.header('cache-control', 'no-store');
    }
    if (!SAFE_METHODS.has(req.method)) {
      const refusal = crossSiteRefusal(req, allowed, isKnown);
      if (refusal) return reply.code(403).send({ message: refusal });
    }
  });
}
