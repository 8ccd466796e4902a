/**
 * What the client keeps between visits: the auth flag as the text 'true' and the
 * department code (ADM for an admin). Guards read it for navigation only; the server decides.
 */
const AUTH_KEY = 'auth';
const DEPARTMENT_KEY = 'department';
const EMAIL_KEY = 'email';

export function storeSignIn(department: string, email: string): void {
  localStorage.setItem(AUTH_KEY, 'true');
  localStorage.setItem(DEPARTMENT_KEY, department);
  localStorage.setItem(EMAIL_KEY, email);
}

export function clearSignIn(): void {
  localStorage.removeItem(AUTH_KEY);
  localStorage.removeItem(DEPARTMENT_KEY);
  localStorage.removeItem(EMAIL_KEY);
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
