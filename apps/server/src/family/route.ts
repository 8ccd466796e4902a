/**
 * The family page, opened without signing in by the signed link staff send (domain/family/token.ts):
 * GET /family/{token}: the student's name, admission number, dues as of today per instalment, the
 * latest receipts and, when online payments are set up and something is due, a Pay button;
 * GET /family/{token}/receipts/{number}.pdf: one of those receipts as printed;
 * POST /family/{token}/pay: the gateway's page for the dues (a payment link made or reused).
 * A malformed, tampered, older or revoked token, and a receipt that is not the student's, all get the
 * same answer, which names no one. Rate-limited per address like the verification page; served as
 * plain HTML from the server (no script), never cached, and sending no referrer to other sites (the token
 * is in the address).
 */
import { AppError, formatDate, formatRupees, PAYMENT_MODE_LABELS, receiptLabel, ZId } from '@fees/validation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../context';
import type { DocumentDrawer } from '../documents/document-drawer';
import { receiptDrawing } from '../documents/receipt';
import { familyPage, familyStudent, isReceiptOfStudent, payDues } from '../domain/family/page';
import { FAMILY_PATH } from '../domain/family/token';
import { VerifyLimiter } from '../verify/limiter';
import { escapeHtml, publicPage, sendPublicPage } from '../public-page';

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1a1b1e; line-height: 1.4; }
main { max-width: 40rem; margin: 1rem auto; background: #fff; border-radius: 8px; padding: 1.25rem;
  box-shadow: 0 1px 3px #0002; }
h1 { font-size: 1.3rem; margin: 0 0 0.25rem; }
h2 { font-size: 1.05rem; margin: 1.5rem 0 0.5rem; }
.muted { color: #5c5f66; margin: 0; }
table { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
th, td { text-align: left; padding: 0.45rem 0.35rem; border-bottom: 1px solid #e3e5e8; vertical-align: top; }
th { color: #5c5f66; font-weight: 600; font-size: 0.85rem; }
.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
tfoot td { font-weight: 700; border-bottom: none; }
.total { font-size: 1.35rem; font-weight: 700; margin: 1rem 0 0.5rem; }
.pay { display: block; width: 100%; box-sizing: border-box; padding: 0.85rem; font-size: 1.1rem; font-weight: 700;
  color: #fff; background: #1c7ed6; border: none; border-radius: 6px; text-align: center; text-decoration: none;
  cursor: pointer; }
.voided { color: #a61b1b; font-weight: 600; }
a { color: #1864ab; }
@media (max-width: 30rem) { main { margin: 0; border-radius: 0; box-shadow: none; } }
`;

const page = (title: string, body: string, head = '') => publicPage(title, body, { style: STYLE, head });

const NOT_OPEN = page(
  'Link not valid',
  '<h1>This link does not open a page</h1>\n' +
    '<p class="muted">It may have been replaced by a newer one. Please ask the fee office for the current link.</p>',
);

/**
 * Never cached or indexed. Referrer-Policy same-origin, not no-referrer: with no referrer at all the
 * browser sends the Pay form's Origin as "null", which the cross-site check refuses; same-origin still
 * keeps the token out of what the gateway's page is told.
 */
// Same-origin: the Pay form posts to this server.
const send = (reply: FastifyReply, status: number, html: string) => sendPublicPage(reply, status, html, 'same-origin');

const rupees = (paise: number) => `Rs ${formatRupees(paise)}`;

type Page = Awaited<ReturnType<typeof familyPage>>;

function duesTable(view: Page): string {
  if (view.instalments.length === 0 && view.fine === 0) {
    return `<p>Nothing is due as of ${formatDate(view.asOf)}.</p>`;
  }
  const rows = view.instalments.map(
    (i) =>
      `<tr><td>${escapeHtml(i.name)}</td><td>${formatDate(i.dueDate)}</td>` +
      `<td class="num">${rupees(i.outstanding)}</td></tr>`,
  );
  if (view.fine !== 0) rows.push(`<tr><td>Late fee</td><td></td><td class="num">${rupees(view.fine)}</td></tr>`);
  return (
    '<table>\n<thead><tr><th>Instalment</th><th>Due date</th><th class="num">Amount</th></tr></thead>\n' +
    `<tbody>\n${rows.join('\n')}\n</tbody>\n` +
    `<tfoot><tr><td colspan="2">Total due</td><td class="num">${rupees(view.toCollect)}</td></tr></tfoot>\n</table>`
  );
}

function upcomingTable(view: Page): string {
  if (view.upcoming.length === 0) return '';
  const rows = view.upcoming.map(
    (i) =>
      `<tr><td>${escapeHtml(i.name)}</td><td>${formatDate(i.dueDate)}</td>` +
      `<td class="num">${rupees(i.outstanding)}</td></tr>`,
  );
  return (
    '<h2>Coming up</h2>\n<table>\n<thead><tr><th>Instalment</th><th>Due date</th><th class="num">Amount</th></tr>' +
    `</thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`
  );
}

function receiptsTable(view: Page, token: string): string {
  if (view.receipts.length === 0) return '<h2>Receipts</h2>\n<p class="muted">No receipts yet.</p>';
  const rows = view.receipts.map((r) => {
    const label = receiptLabel(r.number);
    const status = r.status === 'voided' ? ' <span class="voided">VOIDED</span>' : '';
    return (
      `<tr><td><a href="${FAMILY_PATH}/${token}/receipts/${r.number}.pdf" download>${label}</a>${status}</td>` +
      `<td>${formatDate(r.date)}</td><td>${escapeHtml(PAYMENT_MODE_LABELS[r.paymentMode])}</td>` +
      `<td class="num">${rupees(r.netPaise)}</td></tr>`
    );
  });
  return (
    '<h2>Receipts</h2>\n<table>\n<thead><tr><th>Receipt (PDF)</th><th>Date</th><th>Mode</th>' +
    `<th class="num">Amount</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`
  );
}

function familyHtml(view: Page, token: string, canPay: boolean): string {
  const pay =
    canPay && view.toCollect > 0
      ? `<form method="post" action="${FAMILY_PATH}/${token}/pay">` +
        `<button class="pay" type="submit">Pay ${rupees(view.toCollect)} online</button></form>`
      : '';
  return page(
    `Fees of ${view.name}`,
    `<p class="muted">${escapeHtml(view.institution)}</p>\n` +
      `<h1>${escapeHtml(view.name)}</h1>\n<p class="muted">Admission number ${escapeHtml(view.admissionNo)}</p>\n` +
      `<h2>Due as of ${formatDate(view.asOf)}</h2>\n${duesTable(view)}\n` +
      (view.toCollect > 0 ? `<p class="total">Total due: ${rupees(view.toCollect)}</p>\n${pay}\n` : '') +
      `${upcomingTable(view)}\n${receiptsTable(view, token)}`,
  );
}

export async function familyRoutes(
  app: FastifyInstance,
  { deps, drawer }: { deps: ServerDeps; drawer: DocumentDrawer },
): Promise<void> {
  const limiter = new VerifyLimiter();
  // The Pay button is a plain form with no fields: its body is not read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );

  /** The student the request's token opens, or null once the answer (429 or the one refusal) is sent. */
  const studentOf = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!limiter.allow(req.ip)) {
      await send(
        reply.header('retry-after', '60'),
        429,
        page('Too many attempts', '<h1>Too many attempts</h1><p>Please try again in a minute.</p>'),
      );
      return null;
    }
    // Counted as wrong until the token checks out: guesses sent together must all count.
    limiter.recordWrong(req.ip);
    const student = await familyStudent(deps.db, (req.params as { token: string }).token);
    if (!student) {
      await send(reply, 404, NOT_OPEN);
      return null;
    }
    limiter.forgiveWrong(req.ip);
    return student;
  };

  app.get(`${FAMILY_PATH}/:token`, async (req, reply) => {
    const student = await studentOf(req, reply);
    if (!student) return reply;
    const { token } = req.params as { token: string };
    return send(reply, 200, familyHtml(await familyPage(deps.db, student), token, Boolean(deps.payments)));
  });

  app.get(`${FAMILY_PATH}/:token/receipts/:file`, async (req, reply) => {
    const student = await studentOf(req, reply);
    if (!student) return reply;
    const match = /^(\d{1,10})\.pdf$/.exec((req.params as { file: string }).file);
    const number = ZId.safeParse(match ? Number(match[1]) : Number.NaN);
    if (!number.success || !(await isReceiptOfStudent(deps.db, student, number.data))) {
      limiter.recordWrong(req.ip);
      return send(reply, 404, NOT_OPEN);
    }
    const options = {
      access: { role: 'admin' as const, departmentIds: [] },
      origin: deps.publicUrl ?? `${req.protocol}://${req.host}`,
    };
    const pdf = await drawer.draw({ receipt: await receiptDrawing(deps.db, number.data, options) });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="receipt-${number.data}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  app.post(`${FAMILY_PATH}/:token/pay`, async (req, reply) => {
    const student = await studentOf(req, reply);
    if (!student) return reply;
    const { token } = req.params as { token: string };
    const back = `<p><a href="${FAMILY_PATH}/${token}">Back to the fees</a></p>`;
    const setup = deps.payments;
    if (!setup) {
      return send(reply, 404, page('Online payment', `<h1>Online payment is not available</h1>\n${back}`));
    }
    let paying: { url: string; amountPaise: number };
    try {
      paying = await payDues(deps.db, setup, student, req.ip);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const status = error.code === 'UNAVAILABLE' ? 503 : 409;
      const body = `<h1>The payment page could not be opened</h1>\n<p>${escapeHtml(error.message)}</p>\n${back}`;
      return send(reply, status, page('Online payment', body));
    }
    // A page that moves on by itself, not a redirect: the form's own page may only post to this server.
    const url = escapeHtml(paying.url);
    return send(
      reply,
      200,
      page(
        'Opening the payment page',
        `<h1>Pay ${rupees(paying.amountPaise)} for ${escapeHtml(student.name)}</h1>\n` +
          `<p>The payment page opens now. If it does not, press the button.</p>\n` +
          `<a class="pay" href="${url}">Go to the payment page</a>\n${back}`,
        `<meta http-equiv="refresh" content="0;url=${url}">\n`,
      ),
    );
  });
}
