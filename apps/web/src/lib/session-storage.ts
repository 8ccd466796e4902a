import { type Capability, CAPABILITIES, capabilitiesOf } from '@fees/validation';

/**
 * What the client keeps between visits: the auth flag as the text 'true', the department code (ADM
 * for an admin), the account's display name and the capabilities the sign-in answered. Guards and
 * menus read it for navigation only; the server decides.
 */
const AUTH_KEY = 'auth';
const DEPARTMENT_KEY = 'department';
const EMAIL_KEY = 'email';
const NAME_KEY = 'name';
const CAPABILITIES_KEY = 'capabilities';

export function storeSignIn(
  department: string,
  email: string,
  account: { name?: string; capabilities?: Capability[] } = {},
): void {
  localStorage.setItem(AUTH_KEY, 'true');
  localStorage.setItem(DEPARTMENT_KEY, department);
  localStorage.setItem(EMAIL_KEY, email);
  localStorage.setItem(NAME_KEY, account.name ?? email);
  if (account.capabilities) localStorage.setItem(CAPABILITIES_KEY, account.capabilities.join(','));
}

export function clearSignIn(): void {
  localStorage.removeItem(AUTH_KEY);
  localStorage.removeItem(DEPARTMENT_KEY);
  localStorage.removeItem(EMAIL_KEY);
  localStorage.removeItem(NAME_KEY);
  localStorage.removeItem(CAPABILITIES_KEY);
}

/**
 * The capabilities of the signed-in account. A sign-in kept from before roles existed stored none:
 * then it was an admin (ADM) or department staff, today's accountant.
 */
export function storedCapabilities(): Capability[] {
  const stored = localStorage.getItem(CAPABILITIES_KEY);
  if (stored === null) return capabilitiesOf(storedDepartment() === 'ADM' ? 'admin' : 'accountant');
  return CAPABILITIES.filter((c) => stored.split(',').includes(c));
}

export function storedName(): string | null {
  return localStorage.getItem(NAME_KEY) ?? storedEmail();
}

export function isSignedIn(): boolean {
  return localStorage.getItem(AUTH_KEY) === 'true';
}

export function storedDepartment(): string | null {
  return localStorage.getItem(DEPARTMENT_KEY);
}

export function storedEmail(): string | null {
  return localStorage.getItem(EMAIL_KEY);
}
