/**
 * One HTTP call to a provider, with a time limit: a provider that hangs must not hold the worker. What
 * came back is classified by each channel; here only "no answer" is decided, and that is transient.
 */
import type { SendResult } from './channel';

/** How long a provider may take to answer one call before the send counts as a transient failure. */
export const PROVIDER_TIMEOUT_MS = 15_000;

export type ProviderAnswer =
  | { answered: true; status: number; text: string; json: unknown }
  | { answered: false; failure: Extract<SendResult, { ok: false }> };

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function callProvider(
  provider: string,
  url: string,
  init: RequestInit,
  timeoutMs: number = PROVIDER_TIMEOUT_MS,
): Promise<ProviderAnswer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return { answered: true, status: response.status, text, json: jsonOf(text) };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const cause = error instanceof Error ? (error.cause ?? error).toString() : String(error);
    const reason = timedOut
      ? `${provider} did not answer within ${timeoutMs / 1000} s`
      : `${provider} could not be reached (${cause})`;
    return { answered: false, failure: { ok: false, kind: 'transient', reason } };
  }
}

/** A provider's answer shortened for a clerk's screen and the history (an HTML error page is long). */
export function shortText(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A mobile stored as +91 and 10 digits, as the providers of India want it: 91 and the 10 digits. */
export function internationalDigits(mobile: string): string {
  return mobile.replace(/^\+/, '');
}

/** 5xx and 429 (the provider is busy or down) come back later; other 4xx will not change by retrying. */
export function kindOfHttpStatus(status: number): 'transient' | 'permanent' {
  return status >= 500 || status === 429 || status === 408 ? 'transient' : 'permanent';
}
