import { route } from '../route';

const SIGNED_IN = { auth: 'boolean', role: 'string', message: 'string', depId: 'integer?', department: 'string' } as const;

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
    response: SIGNED_IN,
    output: (r) => ({ auth: r.auth, role: r.role, message: r.message, depId: null, department: r.department }),
    errorFields: signInFailure,
  }),
  route({
    method: 'POST',
    path: '/deplogin/',
    procedure: 'auth.departmentLogin',
    summary: 'Department sign-in; sets the session cookie',
    access: 'public',
    request: { email: 'email', password: 'password', depId: 'depId' },
    response: SIGNED_IN,
    output: (r, f) => ({ auth: r.auth, role: r.role, message: r.message, depId: Number(f.depId), department: r.department }),
    errorFields: signInFailure,
  }),
  route({
    method: 'POST',
    path: '/logout',
    procedure: 'auth.logout',
    summary: 'Ends the session and clears its cookie',
    access: 'public',
    response: { state: 'string' },
    output: (r) => ({ state: r.state }),
  }),
];
