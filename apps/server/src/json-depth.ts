/**
 * Nesting of a JSON request, judged on its text before anything parses it: JSON.parse of 20,000
 * levels (39 KB) takes some 5 ms, 20 such requests at once held /healthz for 100 ms and more, where the
 * text's first 33 levels are read in microseconds. Every procedure refuses the same nesting again on
 * its parsed input (rawInputRefusal in trpc.ts), wherever the input came from; this is the early answer.
 */
import { MAX_INPUT_DEPTH, MSG } from '@fees/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text opens more than `max` arrays and objects inside one another. Brackets inside
 * strings do not count. Text that is not JSON is left to the parser that follows, which refuses it.
 */
export function jsonNestedDeeperThan(text: string, max: number = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // The closing quote is the next one not escaped, that is not after an odd run of backslashes.
      let end = text.indexOf('"', i + 1);
      for (;;) {
        if (end === -1) return false;
        let before = end - 1;
        while (text.charCodeAt(before) === BACKSLASH) before--;
        if ((end - 1 - before) % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      i = end;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth++;
      if (depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/** The JSON text a request carries unparsed: a JSON body handed over as text (tRPC's), or tRPC's GET input. */
function unparsedJsonOf(req: FastifyRequest): string | undefined {
  const isJson = req.headers['content-type']?.toLowerCase().split(';', 1)[0]?.trim() === 'application/json';
  if (isJson && typeof req.body === 'string') return req.body;
  const input = (req.query as Record<string, unknown> | undefined)?.input;
  return typeof input === 'string' ? input : undefined;
}

/**
 * Refuses with 400, before the route reads it, a request whose JSON text is nested too deep: for every
 * route whose content-type parser leaves the body as text (tRPC's, whichever adapter serves /trpc)
 * and for tRPC's GET input. A parser that builds the body itself (the REST adapter's) asks
 * jsonNestedDeeperThan first.
 */
export async function jsonDepthLimit(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (req, reply) => {
    const text = unparsedJsonOf(req);
    if (text !== undefined && jsonNestedDeeperThan(text)) return reply.code(400).send({ message: MSG.nestedTooDeep });
  });
}
