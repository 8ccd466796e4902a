import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import {
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
  type RazorpayStandIn,
  startRazorpayStandIn,
} from '../../server/src/test/razorpay';
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

/** The screen sizes we look at: the office's desktop (the config's default viewport) and a phone. */
export const DESKTOP = { width: 1366, height: 820 };
export const PHONE = { width: 390, height: 844 };

/** A full-page screenshot at phone size; the page is back at desktop size after it. */
export async function screenshotOnPhone(page: Page, path: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.screenshot({ path, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/** Full-page screenshots at desktop and at phone size: {prefix}-desktop.png and {prefix}-phone.png. */
export async function screenshots(page: Page, prefix: string): Promise<void> {
  await page.screenshot({ path: `${prefix}-desktop.png`, fullPage: true });
  await screenshotOnPhone(page, `${prefix}-phone.png`);
}

/** A select's input by its label: a combobox, or a textbox when it is searchable. */
export function select(page: Page, label: string) {
  return page
    .getByRole('combobox', { name: label, exact: true })
    .or(page.getByRole('textbox', { name: label, exact: true }));
}

/** Opens a select by its label and picks an option by its exact text (or a pattern). */
export async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await select(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types a date as shown (dd-MM-yyyy) into a date field, leaves the field, and checks the field kept it. */
export async function typeDate(page: Page, label: string, ddMMyyyy: string): Promise<void> {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(ddMMyyyy);
  await input.press('Tab');
  await expect(input).toHaveValue(ddMMyyyy);
}

/** A day in India (the server's TZ) as yyyy-MM-dd, `days` from today. */
export function istDate(days = 0): string {
  return new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** yyyy-MM-dd as the screens show it, dd-MM-yyyy. */
export const shownDate = (iso: string) => iso.split('-').reverse().join('-');

/** Paise as the screen shows them: Indian grouping, 2 decimals. */
export function rupees(paise: number): string {
  const whole = String(Math.floor(paise / 100));
  const last = whole.slice(-3);
  const rest = whole.slice(0, -3);
  return `${rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},` : ''}${last}.${String(paise % 100).padStart(2, '0')}`;
}

/** What `setUpCounter` makes: a UG staff account, a batch charging Tuition Fee, and one student. */
export type CounterSetUp = {
  staff: { email: string; password: string };
  batchName: string;
  tuitionRupees: string;
  tuitionUntil: string;
  student: { name: string; admissionNo: string; capId: string; address: string; phone?: string };
};

/**
 * Signs in as the admin, creates the counter of `setUp` in the UG department, and signs out again (cookies
 * and the page's storage cleared), so a spec starts at the sign-in page with its own data.
 */
export async function setUpCounter(
  page: Page,
  setUp: CounterSetUp,
): Promise<{ batchId: number; studentId: number; tuitionHeadId: number }> {
  await signInAsAdmin(page);
  await trpcMutation(page, 'admin.users.create', {
    options: 'user',
    depId: 100,
    email: setUp.staff.email,
    pwd1: setUp.staff.password,
    pwd2: setUp.staff.password,
    chk1: true,
  });
  const batch = await trpcMutation<{ id: number }>(page, 'batches.create', {
    depId: 100,
    courseId: 1003,
    name: setUp.batchName,
    startDate: '2025-06-01',
    endDate: '2028-03-31',
    confirm: true,
  });
  const heads = await trpcQuery<Array<{ id: number; name: string }>>(page, 'reference.feeHeads');
  const tuitionHeadId = heads.find((h) => h.name === 'Tuition Fee')!.id;
  await trpcMutation(page, 'fees.structures.create', {
    depId: 100,
    batchId: batch.id,
    feeHeadId: tuitionHeadId,
    amount: setUp.tuitionRupees,
    startDate: '2025-06-01',
    endDate: setUp.tuitionUntil,
    confirm: true,
  });
  const student = await trpcMutation<{ id: number }>(page, 'students.create', {
    depId: 100,
    courseId: 1003,
    batchId: batch.id,
    admissionDate: '2025-06-10',
    categoryId: 1,
    dateOfBirth: '2007-05-06',
    gender: 'Female',
    ...setUp.student,
    confirm: true,
  });
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  return { batchId: batch.id, studentId: student.id, tuitionHeadId };
}

/** A server of a spec's own with Razorpay's API at a local stand-in: its address, the stand-in, and stop. */
export interface GatewayServer {
  base: string;
  razorpay: RazorpayStandIn;
  stop(): Promise<void>;
}

/**
 * Starts the built server on E2E_PORT + `portOffset` over a fresh database, with Razorpay's keys and API at a
 * new stand-in; its public address (the family page's links, the payer's return) is its own. `name` names its
 * temporary folder and the failure when it does not start.
 */
export async function startGatewayServer(options: { name: string; portOffset: number }): Promise<GatewayServer> {
  const port = Number(process.env.E2E_PORT ?? 3100) + options.portOffset;
  const base = `http://127.0.0.1:${port}`;
  const razorpay = await startRazorpayStandIn();
  const folder = mkdtempSync(join(tmpdir(), `fees-e2e-${options.name}-`));
  const app: ChildProcess = spawn(process.execPath, ['../server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(folder, 'fees.sqlite'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TZ: 'Asia/Kolkata',
      BACKUP_SCHEDULE: 'off',
      PUBLIC_URL: base,
      RAZORPAY_KEY_ID,
      RAZORPAY_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET,
      RAZORPAY_API_BASE: razorpay.url,
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    app.kill('SIGTERM');
    await razorpay.close();
    rmSync(folder, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (tries > 120) {
      await stop();
      throw new Error(`the ${options.name} server did not start`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, razorpay, stop };
}
