import { existsSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { missingProgramMessage } from './programs';

export const ADMIN = { email: 'admin@foundation.test', password: 'admin12345' };

if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  throw new Error(`${missingProgramMessage('chromium')} Browser tests never skip.`);
}

/** Signs in through the admin login screen and waits for the admin dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admlogin/');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Signs in at a department's login page (/deplogin/{depId}). */
export async function signInAtDepartment(page: Page, depId: number, email: string, password: string): Promise<void> {
  await page.goto(`/deplogin/${depId}`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A tRPC query under the page's session (GET /trpc/path?input=...); throws with the server's answer when refused. */
export async function trpcQuery<T>(page: Page, path: string, input?: unknown): Promise<T> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await page.request.get(`/trpc/${path}${query}`);
  const body = await response.json();
  if (!response.ok()) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.result.data as T;
}

/** Calls a tRPC mutation with the page's cookies (to set up data a test needs but does not test). */
export async function trpcMutation<T>(page: Page, path: string, input: unknown): Promise<T> {
  const response = await page.request.post(`/trpc/${path}`, { data: input });
  const body = await response.json();
  if (!response.ok()) throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.result.data as T;
}
