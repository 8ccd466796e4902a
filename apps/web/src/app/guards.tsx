import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isSignedIn, storedDepartment } from '../lib/session-storage';

/**
 * The old app's route guards, kept for navigation only (the server checks every call): the stored auth flag
 * must be the text 'true'; a department area also needs the stored code, or ADM which passes all.
 * Anything else is sent silently to /.
 */
export function RequireAuth({ code, children }: { code: string; children: ReactNode }) {
  if (!isSignedIn()) return <Navigate to="/" replace />;
  const stored = storedDepartment();
  if (stored !== code && stored !== 'ADM') return <Navigate to="/" replace />;
  return children;
}
