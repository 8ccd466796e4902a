/**
 * The server's own HTML pages for people who do not sign in: a receipt's or notice's verification, the
 * family page, the payer back from the gateway. Plain HTML without script, never cached, never indexed.
 */
import type { FastifyReply } from 'fastify';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const BASE_STYLE = `
body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1a1b1e; }
main { max-width: 28rem; margin: 2rem auto; background: #fff; border-radius: 8px; padding: 1.5rem;
  box-shadow: 0 1px 3px #0002; }
h1 { font-size: 1.25rem; margin: 0 0 1rem; }
`;

/** A page with its title and its body inside <main>; a page's own style rules come after the base ones. */
export function publicPage(title: string, body: string, options: { style?: string; head?: string } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${options.head ?? ''}<title>${escapeHtml(title)}</title>
<style>${BASE_STYLE}${options.style ?? ''}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * Sends a page, sending no referrer to other sites (a token may be in the address); a page whose form posts to
 * this server keeps 'same-origin', or the browser sends its origin as "null" and the cross-site check refuses it.
 */
export function sendPublicPage(
  reply: FastifyReply,
  status: number,
  html: string,
  referrer: 'no-referrer' | 'same-origin' = 'no-referrer',
) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', referrer)
    .send(html);
}
