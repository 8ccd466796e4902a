/**
 * Staff download the printed documents as PDF files, under the receipt page's rules (401 without a
 * session, 403 for another department's, 404 for none, 400 naming the field for a bad number or date):
 * GET /api/receipts/{number}.pdf: the receipt as printed; with ?duplicate=1 a duplicate, marked so with
 * the day of the reprint and counted in the audit log.
 * GET /api/notices/{studentId}.pdf?asof=yyyy-MM-dd&payby=yyyy-MM-dd: a student's demand notice (as of
 * today and payable within the usual days unless given); with &paylink=1 it carries a payment link for
 * its total (the open one for that amount, else one made at the gateway; the gateway down: 503, no PDF).
 * GET /api/no-dues/{depId}/{number}.pdf: an issued no-dues certificate as printed (issuing is the procedure's).
 */
import { type AuditActor, runInWriteBatch } from '@fees/db';
import { addDays } from '@fees/money';
import { AppError, MAX_RECORD_INTEGER, MSG, NOTICE_PAY_WITHIN_DAYS, ZDate, ZDepId, ZId } from '@fees/validation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { today } from '../config';
import { actorOf } from '../audit';
import { createRequestContext, type ServerDeps } from '../context';
import { printDuplicate } from '../domain/receipts/register';
import { toRestError } from '../rest/errors';
import { certificateDrawing } from './certificate';
import type { DocumentDrawer } from './document-drawer';
import { noticeDrawing, noticePaymentLink } from './notice';
import { receiptDrawing } from './receipt';
import type { DocumentOptions } from './paper';

/** The number in "{number}.pdf", or null when the name is no whole number within the records' range. */
function numberOfFile(file: string): number | null {
  const match = /^(\d{1,10})\.pdf$/.exec(file);
  const parsed = ZId.safeParse(match ? Number(match[1]) : Number.NaN);
  return parsed.success ? parsed.data : null;
}

const badField = (reply: FastifyReply, field: string, message: string) =>
  reply.code(400).send({ message: `${field}: ${message}`, errors: { [field]: [message] } });

const wholeNumber = `Give a whole number from 1 to ${MAX_RECORD_INTEGER}, as {number}.pdf`;

function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}

/**
 * The server's thread reads what a document shows and the drawing thread draws it, so that a long notice or receipt
 * never holds up the counter's requests meanwhile.
 */
export async function documentRoutes(
  app: FastifyInstance,
  { deps, drawer }: { deps: ServerDeps; drawer: DocumentDrawer },
): Promise<void> {
  /** The caller's document options and who they are (for the audit log), or null once a 401 is sent. */
  const optionsOf = async (
    req: FastifyRequest,
    reply: FastifyReply,
  ): Promise<(DocumentOptions & { actor: AuditActor }) | null> => {
    const ctx = await createRequestContext(deps, req, reply);
    if (!ctx.session) {
      await reply.code(401).send({ message: 'Please sign in' });
      return null;
    }
    return {
      access: ctx.session,
      origin: `${req.protocol}://${req.host}`,
      publicUrl: deps.publicUrl ?? null,
      actor: actorOf(ctx),
    };
  };
  /** An AppError (not found, another department's) as the status and message the procedures give. */
  const refused = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    const { status, body } = toRestError(error);
    return reply.code(status).send(body);
  };

  app.get('/api/receipts/:file', async (req, reply) => {
    const options = await optionsOf(req, reply);
    if (!options) return reply;
    const number = numberOfFile((req.params as { file: string }).file);
    if (number === null) return badField(reply, 'number', wholeNumber);
    const { duplicate } = req.query as { duplicate?: unknown };
    if (duplicate !== undefined && duplicate !== '1') return badField(reply, 'duplicate', 'Give 1 or leave it out');
    try {
      const printedOn = duplicate === '1' ? today() : undefined;
      const pdf = await drawer.draw({ receipt: await receiptDrawing(deps.db, number, options, printedOn) });
      // Counted once the paper exists: a PDF that could not be made leaves no reprint in the audit log.
      if (printedOn)
        await runInWriteBatch(deps.db, (tx) => printDuplicate(tx, options.actor, options.access, number, printedOn));
      return sendPdf(reply, `receipt-${number}${printedOn ? '-duplicate' : ''}.pdf`, pdf);
    } catch (error) {
      return refused(reply, error);
    }
  });

  app.get('/api/no-dues/:depId/:file', async (req, reply) => {
    const options = await optionsOf(req, reply);
    if (!options) return reply;
    const params = req.params as { depId: string; file: string };
    const departmentId = ZDepId.safeParse(/^\d{1,9}$/.test(params.depId) ? Number(params.depId) : Number.NaN);
    if (!departmentId.success) return badField(reply, 'depId', MSG.required);
    const number = numberOfFile(params.file);
    if (number === null) return badField(reply, 'number', wholeNumber);
    try {
      const pdf = await drawer.draw({
        certificate: await certificateDrawing(deps.db, { departmentId: departmentId.data, number }, options),
      });
      return sendPdf(reply, `no-dues-${departmentId.data}-${number}.pdf`, pdf);
    } catch (error) {
      return refused(reply, error);
    }
  });

  app.get('/api/notices/:file', async (req, reply) => {
    const options = await optionsOf(req, reply);
    if (!options) return reply;
    const studentId = numberOfFile((req.params as { file: string }).file);
    if (studentId === null) return badField(reply, 'studentId', wholeNumber);
    const query = req.query as { asof?: unknown; payby?: unknown; paylink?: unknown };
    if (query.paylink !== undefined && query.paylink !== '1')
      return badField(reply, 'paylink', 'Give 1 or leave it out');
    const asOf = ZDate.safeParse(query.asof ?? today());
    if (!asOf.success) return badField(reply, 'asof', MSG.invalidDate);
    const payBy = ZDate.safeParse(query.payby ?? addDays(asOf.data, NOTICE_PAY_WITHIN_DAYS));
    if (!payBy.success) return badField(reply, 'payby', MSG.invalidDate);
    try {
      const request = { studentId, asOf: asOf.data, payBy: payBy.data };
      if (query.paylink === '1') await noticePaymentLink(deps.db, deps.payments ?? null, options, request);
      const pdf = await drawer.draw({ notice: await noticeDrawing(deps.db, request, options) });
      return sendPdf(reply, `demand-notice-${studentId}-${asOf.data}.pdf`, pdf);
    } catch (error) {
      return refused(reply, error);
    }
  });
}
