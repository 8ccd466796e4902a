import { createHash, randomBytes } from 'node:crypto';
import {
  type Database,
  deleteExpiredSessions,
  deleteSession,
  extendSession,
  findLiveSession,
  insertSession,
  type SessionUser,
  transaction,
  type WriteTx,
} from '@fees/db';

export const SESSION_COOKIE = 'fees_session';
/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Refresh the expiry at most this often, so reads do not write on every request. */
const REFRESH_AFTER_MS = 5 * 60 * 1000;

/** The cookie holds a random token; the database keeps only its hash, so a leaked file holds no live sessions. */
function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a new session (a fresh id at every sign-in) and returns the cookie token; expired rows go first. */
export async function startSession(
  db: Database,
  userId: number,
  departmentId: number | null,
  nowMs = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await transaction(db, async (tx) => {
    await deleteExpiredSessions(tx, nowMs);
    await insertSession(tx, { id: sessionIdOf(token), userId, departmentId, expiresAt: nowMs + SESSION_IDLE_MS });
  });
  return token;
}

export async function resolveSession(
  db: Database,
  token: string | undefined,
  nowMs = Date.now(),
): Promise<SessionUser | null> {
  if (!token) return null;
  const session = await findLiveSession(db, { id: sessionIdOf(token), nowMs });
  if (session && session.expiresAt - nowMs < SESSION_IDLE_MS - REFRESH_AFTER_MS) {
    const expiresAt = nowMs + SESSION_IDLE_MS;
    await transaction(db, (tx) => extendSession(tx, { id: session.sessionId, expiresAt }));
  }
  return session;
}

export async function endSession(tx: WriteTx, sessionId: string): Promise<void> {
  await deleteSession(tx, sessionId);
}
