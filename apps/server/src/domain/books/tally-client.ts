/**
 * Tally's HTTP port (Tally Prime as a server on the office network, `TALLY_URL`, e.g. http://192.168.1.20:9000):
 * the import request is POSTed as it is, and Tally answers a RESPONSE with counts (CREATED, ALTERED, ERRORS,
 * EXCEPTIONS) and a LINEERROR per refused voucher.
 */
import { refuse } from '@fees/validation';

export interface TallyAnswer {
  created: number;
  altered: number;
  errors: number;
  exceptions: number;
  /** Tally's own words for each refused voucher ("Ledger 'Transport' does not exist!"). */
  lineErrors: string[];
}

function unescapeXml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}

/** The counts and errors of Tally's answer; a body that holds none of them is no answer from Tally. */
export function parseTallyAnswer(body: string): TallyAnswer | null {
  const count = (tag: string) => {
    const match = new RegExp(`<${tag}>\\s*(-?\\d+)\\s*</${tag}>`, 'i').exec(body);
    return match ? Number(match[1]) : null;
  };
  const created = count('CREATED');
  const errors = count('ERRORS');
  const lineErrors = [...body.matchAll(/<LINEERROR>([\s\S]*?)<\/LINEERROR>/gi)].map((m) => unescapeXml(m[1]!.trim()));
  if (created === null && errors === null && lineErrors.length === 0) return null;
  return {
    created: created ?? 0,
    altered: count('ALTERED') ?? 0,
    errors: errors ?? lineErrors.length,
    exceptions: count('EXCEPTIONS') ?? 0,
    lineErrors,
  };
}

const TIMEOUT_MS = 60_000;

/** Posts the import request to Tally and reads its answer; refuses (502-like CONFLICT) when Tally cannot be reached. */
export async function sendToTally(xml: string, env: NodeJS.ProcessEnv = process.env): Promise<TallyAnswer> {
  const url = env.TALLY_URL?.trim();
  if (!url)
    refuse('CONFLICT', 'Tally is not set up on this server (TALLY_URL): download the XML and import it in Tally');
  let body: string;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      body: xml,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    body = await response.text();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    refuse('CONFLICT', `Tally did not answer at ${url} (${why}): is Tally Prime open with its HTTP port on?`);
  }
  const answer = parseTallyAnswer(body);
  if (!answer) refuse('CONFLICT', `The answer at ${url} is not Tally's: ${body.slice(0, 200)}`);
  return answer;
}
