import { z } from 'zod';
import { legacyRoleOf } from '@fees/validation';
import { route } from '../route';

const ZSignedIn = z.object({
  auth: z.boolean(),
  role: z.string(),
  message: z.string(),
  depId: z.int().nullable(),
  department: z.string(),
});

/** A failed sign-in still answers the fields the login screen reads. */
const signInFailure = () => ({ auth: false, role: null });

export const authRoutes = [
  route({
    method: 'POST',
    path: '/login/',
    procedure: 'auth.login',
    summary: 'Admin sign-in; sets the session cookie',
    access: 'public',
    request: { email: 'email', password: 'password' },
    response: ZSignedIn,
    output: (r) => ({
      auth: r.auth,
      role: legacyRoleOf(r.role),
      message: r.message,
      depId: null,
      department: r.department,
    }),
    errorFields: signInFailure,
  }),
  route({
    method: 'POST',
    path: '/deplogin/',
    procedure: 'auth.departmentLogin',
    summary: 'Department sign-in; sets the session cookie',
    access: 'public',
    request: { email: 'email', password: 'password', depId: 'depId' },
    response: ZSignedIn,
    output: (r, f) => ({
      auth: r.auth,
      role: legacyRoleOf(r.role),
      message: r.message,
      depId: Number(f.depId),
      department: r.department,
    }),
    errorFields: signInFailure,
  }),
  route({
    method: 'POST',
    path: '/logout',
    procedure: 'auth.logout',
    summary: 'Ends the session and clears its cookie',
    access: 'public',
    response: z.object({ state: z.string() }),
    output: (r) => ({ state: r.state }),
  }),
];
