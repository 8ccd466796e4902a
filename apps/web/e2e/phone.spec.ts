import { expect, type Page, test } from '@playwright/test';
import { type ScreenData, setUpScreenData } from './screens-data';
import { PHONE, signInAsAdmin, signInAtDepartment } from './support';

/**
 * Phones (390 x 844) and tablets (768 x 1024): no page scrolls sideways, the side menu starts closed
 * below the md breakpoint and closes after a choice, the header keeps the product name on one line
 * beside the department's code, and the admin menu's Report View fits a 768 px high screen.
 */
const TABLET = { width: 768, height: 1024 };

const ANONYMOUS_PAGES = ['/', '/deplogin/100', '/admlogin/', '/tuser/'];

function staffPages(d: ScreenData): string[] {
  return [
    '/ug',
    '/ug/list/1003?course=BA%20English&depurl=ug',
    '/ug/register/',
    '/ug/import/',
    '/ug/rcpt/',
    `/ug/receipt/${d.student.admissionNo}?sub_id=1003&course=BA+English&batch=${d.batchId}`,
    `/ug/inv/success/?url=%2Fug%2Frcpt%2F&no=${d.receiptNumber}`,
    `/ug/inv/edit/${d.receiptNumber}`,
    '/ug/rptview/',
    '/ug/rptfee/?course=1003',
    '/ug/dues/?course=1003',
    '/ug/finfo/?course=1003',
    '/ug/rcpt_dtws/',
    '/ug/collections/',
    `/ug/statement/${d.student.id}`,
    '/ug/discounts/',
    '/ug/discounts/new',
  ];
}

const ADMIN_PAGES = [
  '/admin',
  '/admin/adm',
  '/admin/newadm',
  '/admin/useredt',
  '/admin/nuser',
  '/admin/batchedt?depId=100',
  '/admin/batch',
  '/admin/feeheads',
  '/admin/feelist?depId=100',
  '/admin/fhead',
  '/admin/discedt?depId=100',
  '/admin/fdiscount?depId=100',
  '/admin/settings',
  '/admin/backup',
  '/admin/collections',
  '/admin/rptview/100',
  '/admin/dues/100/UG?course=1003',
];

async function openSettled(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${path} at ${innerWidth} px scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

/** The shell's side menu is off the screen (read until it is: it closes a render after the choice, sliding away). */
async function expectMenuClosed(page: Page, path: string) {
  const menu = page.getByRole('navigation', { name: / menu$/ });
  await expect
    .poll(
      async () => {
        const box = await menu.boundingBox();
        return box !== null && box.x + box.width <= 0;
      },
      { message: `${path}: the menu is open` },
    )
    .toBe(true);
  await expect(page.getByRole('button', { name: 'Menu' }).first()).toHaveAttribute('aria-expanded', 'false');
}

async function expectHeader(page: Page, code: string) {
  const banner = page.getByRole('banner');
  await expect(banner.getByText(code, { exact: true })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
  const name = banner.getByText('Fee Management', { exact: true });
  const lineHeight = await name.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
  expect((await name.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  // Nothing of the header lies over another part of it, nor past the window's edge.
  const parts = [
    name,
    banner.getByText(code, { exact: true }),
    banner.getByRole('link', { name: 'Password' }),
    banner.getByRole('button', { name: 'Logout' }),
  ];
  const boxes = await Promise.all(parts.map(async (part) => (await part.boundingBox())!));
  const width = page.viewportSize()!.width;
  for (const [i, a] of boxes.entries()) {
    expect(a.x + a.width, `header part ${i} past the window's edge`).toBeLessThanOrEqual(width);
    for (const b of boxes.slice(i + 1)) {
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x;
      expect(apart, `header parts overlap: ${JSON.stringify([a, b])}`).toBe(true);
    }
  }
}

let data: ScreenData;

// Each worker makes its own: after a failed test Playwright runs this again in a new worker.
test.beforeAll(async ({ browser }, info) => {
  const page = await browser.newPage();
  data = await setUpScreenData(page, `phone${info.workerIndex}`);
  await page.close();
});

for (const [size, viewport] of [
  ['phone', PHONE],
  ['tablet', TABLET],
] as const) {
  test(`${size}: no page scrolls sideways; the menu starts closed below md`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    const belowMd = viewport.width < 768;
    for (const path of ANONYMOUS_PAGES) {
      await openSettled(page, path);
      await expectNoSidewaysScroll(page, path);
    }
    await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
    await expect(page).toHaveURL(/\/ug$/);
    await expectHeader(page, 'UG');
    for (const path of staffPages(data)) {
      await openSettled(page, path);
      await expectNoSidewaysScroll(page, path);
      if (belowMd) await expectMenuClosed(page, path);
    }
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInAsAdmin(page);
    await expectHeader(page, 'ADM');
    for (const path of ADMIN_PAGES) {
      await openSettled(page, path);
      await expectNoSidewaysScroll(page, path);
      if (belowMd) await expectMenuClosed(page, path);
    }
  });
}

test('phone: the menu opens from its button and closes after a choice', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
  await expect(page).toHaveURL(/\/ug$/);
  await expectMenuClosed(page, '/ug');
  await page.getByRole('button', { name: 'Menu' }).first().click();
  const menu = page.getByRole('navigation', { name: / menu$/ });
  await expect(menu.getByRole('link', { name: 'Register student' })).toBeInViewport();
  await page.screenshot({ path: 'e2e/artifacts/screens/menu-open-phone.png' });
  await menu.getByRole('link', { name: 'Register student' }).click();
  await expect(page).toHaveURL(/\/ug\/register\/$/);
  await expectMenuClosed(page, '/ug/register/');
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
});

test('phone: receipt entry stacks each line, fee type across the card, amount below, the dues before the form', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
  await expect(page).toHaveURL(/\/ug$/);
  await openSettled(
    page,
    `/ug/receipt/${data.student.admissionNo}?sub_id=1003&course=BA+English&batch=${data.batchId}`,
  );
  const head = (await page.getByRole('combobox', { name: 'Fee type 1' }).boundingBox())!;
  const amount = (await page.getByLabel('Amount 1').boundingBox())!;
  expect(head.width).toBeGreaterThan(PHONE.width * 0.6);
  expect(amount.y).toBeGreaterThan(head.y + head.height);
  const dues = (await page.getByRole('heading', { name: 'Dues' }).boundingBox())!;
  const items = (await page.getByRole('heading', { name: 'Items' }).boundingBox())!;
  expect(dues.y).toBeLessThan(items.y);
  await page.screenshot({ path: 'e2e/artifacts/screens/receipt-entry-phone-viewport.png' });
});

test('tablet landscape (1024 x 768): the admin menu shows every Settings and Report View link without scrolling; its groups fold', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInAsAdmin(page);
  const menu = page.getByRole('navigation', { name: / menu$/ });
  for (const path of ['/admin', '/admin/rptview/100', '/admin/settings']) {
    await openSettled(page, path);
    await expect(menu.getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('button', { name: 'Report View' })).toHaveAttribute('aria-expanded', 'true');
    for (const name of [
      'Backup Database',
      'Arts and Science UG',
      'English Medium school',
      'Collections summary',
      'Refunds report',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
  }
  await page.screenshot({ path: 'e2e/artifacts/screens/admin-menu-1024x768.png' });
  // Either group folds away.
  await menu.getByRole('button', { name: 'Settings' }).click();
  await expect(menu.getByRole('link', { name: 'Backup Database' })).toBeHidden();
  await expect(menu.getByRole('link', { name: 'Collections summary' })).toBeInViewport({ ratio: 1 });
});
