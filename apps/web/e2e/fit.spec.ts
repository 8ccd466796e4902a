import { expect, type Page, test } from '@playwright/test';
import { type ScreenData, setUpScreenData } from './screens-data';
import { signInAsAdmin, signInAtDepartment } from './support';

/**
 * Nothing cut off: at the office's two desktop sizes and a phone, every amount on the main screens shows
 * all its digits (no element holding it is narrower than its text) and no page is wider than the window.
 * Full-page screenshots of each screen at each size are kept in e2e/artifacts/fit/.
 */
const SIZES = [
  ['1366x768', { width: 1366, height: 768 }],
  ['1280x720', { width: 1280, height: 720 }],
  ['390x844', { width: 390, height: 844 }],
] as const;

function staffScreens(d: ScreenData): Array<[string, string]> {
  return [
    ['dashboard', '/ug'],
    ['course-list', '/ug/list/1003?course=BA%20English&depurl=ug'],
    ['receipt-search', `/ug/rcpt/?q=${d.student.admissionNo}`],
    ['receipt-entry', `/ug/receipt/${d.student.admissionNo}?sub_id=1003&course=BA+English&batch=${d.batchId}`],
    ['statement', `/ug/statement/${d.student.id}`],
    ['dues', '/ug/dues/?course=1003'],
    ['dues-as-of', '/ug/duesasof/?course=1003'],
    ['defaulters', '/ug/defaulters/?course=1003'],
    ['student-fee', '/ug/finfo/?course=1003'],
    ['fee-receipts', '/ug/rptfee/?course=1003'],
    ['day-book', '/ug/daybook'],
    ['collections', '/ug/collections/'],
    ['cheques', '/ug/cheques'],
    ['refunds', '/ug/refunds'],
  ];
}

function adminScreens(d: ScreenData): Array<[string, string]> {
  return [
    ['admin-dashboard', '/admin'],
    ['admin-day-book', '/admin/daybook'],
    ['admin-fee-list', '/admin/feelist?depId=100'],
    ['admin-plans', `/admin/plans?depId=100&batchId=${d.batchId}`],
    ['admin-collections', '/admin/collections'],
  ];
}

/**
 * Every amount (1,234.56 or ₹ 1,234.56) that is not shown whole: a box around it narrower than its text, or
 * a box that clips its overflow (a table's scroll container) cutting part of it away, or the window's edge.
 * In a table that scrolls sideways the pinned columns (the first and the balance) must show whole; the
 * others are reached by scrolling.
 */
async function clippedAmounts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const amount = /^-?(₹\s*)?-?[\d,]+\.\d{2}$/;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!amount.test(text) || !parent || parent.getClientRects().length === 0) continue;
      const pinned =
        parent.closest('td, th') !== null && getComputedStyle(parent.closest('td, th')!).position === 'sticky';
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0) continue;
      // Inside a table that scrolls sideways, a column not pinned is reached by scrolling.
      let scroller: HTMLElement | null = parent;
      while (
        scroller &&
        !(/auto|scroll/.test(getComputedStyle(scroller).overflowX) && scroller.scrollWidth > scroller.clientWidth)
      )
        scroller = scroller.parentElement;
      if (scroller && !pinned) continue;
      let problem = rect.right > window.innerWidth + 1 ? `past the window's edge (${Math.round(rect.right)}px)` : '';
      for (let el: HTMLElement | null = parent; el && !problem; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.display !== 'inline' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
          if (style.overflowX === 'visible' && el.tagName !== 'TD' && el.tagName !== 'TH' && el !== parent) continue;
          if (/auto|scroll/.test(style.overflowX) && !pinned) continue;
          const box = el.getBoundingClientRect();
          if (rect.left < box.left - 1 || rect.right > box.right + 1 || el === parent)
            problem = `cut by <${el.tagName.toLowerCase()}.${el.className}> ${el.clientWidth}px < ${el.scrollWidth}px`;
        }
      }
      if (problem) found.push(`${text}: ${problem}`);
    }
    return found;
  });
}

async function checkScreen(page: Page, name: string, path: string) {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `e2e/artifacts/fit/${name}-${size}.png`, fullPage: true });
    expect.soft(await clippedAmounts(page), `${name} at ${size}: amounts cut off`).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(width, `${name} at ${size}: the page is wider than the window`).toBeLessThanOrEqual(viewport.width);
  }
}

let data: ScreenData;

test.beforeAll(async ({ browser }, info) => {
  const page = await browser.newPage();
  data = await setUpScreenData(page, `fit${info.workerIndex}`);
  await page.close();
});

test('a clerk sees every amount whole on the main screens at 1366x768, 1280x720 and 390x844', async ({ page }) => {
  test.setTimeout(600_000);
  await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
  await expect(page).toHaveURL(/\/ug$/);
  for (const [name, path] of staffScreens(data)) await checkScreen(page, name, path);
});

test('an administrator sees every amount whole on the admin screens at the three sizes', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAsAdmin(page);
  for (const [name, path] of adminScreens(data)) await checkScreen(page, name, path);
});

test("the menu's Reports group opens on its own screens, not on Receipts, Refunds or Reconciliation", async ({
  page,
}) => {
  await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
  await expect(page).toHaveURL(/\/ug$/);
  const menu = page.getByRole('navigation', { name: / menu$/ });
  const reports = menu.getByRole('button', { name: 'Reports', exact: true });
  for (const [path, opened] of [
    ['/ug/rcpt/', false],
    ['/ug/refunds', false],
    ['/ug/reconciliation/', false],
    ['/ug/daybook', false],
    ['/ug/rptview/', true],
    ['/ug/rptfee/', true],
    ['/ug/rcpt_dtws/', true],
    ['/ug/dues/', true],
    ['/ug/duesasof/', true],
    ['/ug/collections/', true],
    ['/ug/rptrefunds/', true],
  ] as const) {
    await page.goto(path);
    await expect(reports, path).toHaveAttribute('aria-expanded', String(opened));
  }
  await menu.getByRole('link', { name: 'Refunds report' }).click();
  await expect(page).toHaveURL(/\/ug\/rptrefunds\/$/);
  await expect(page.getByRole('heading', { name: 'Refunds', level: 1 })).toBeVisible();
});

test('phone: a search result shows its actions within the screen; the dues come before the receipt form', async ({
  browser,
}) => {
  // A phone: a touch screen without a mouse, where keyboard hints are left out.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
  await expect(page).toHaveURL(/\/ug$/);
  await page.goto(`/ug/rcpt/?q=${data.student.admissionNo}`);
  await expect(page.getByRole('link', { name: `Pay for ${data.student.name}` })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: `View fees of ${data.student.name}` })).toBeInViewport({ ratio: 1 });
  await expect(page.getByText('Enter opens the receipt')).toBeHidden();
  await page.screenshot({ path: 'e2e/artifacts/fit/search-result-phone-touch.png' });
  await page.goto(`/ug/receipt/${data.student.admissionNo}?sub_id=1003&course=BA+English&batch=${data.batchId}`);
  const dues = (await page.getByRole('heading', { name: 'Dues' }).boundingBox())!;
  const items = (await page.getByRole('heading', { name: 'Items' }).boundingBox())!;
  expect(dues.y).toBeLessThan(items.y);
  await expect(page.getByText('picks a head, then adds a line')).toBeHidden();
  await page.screenshot({ path: 'e2e/artifacts/fit/receipt-entry-phone-touch.png', fullPage: true });
  await phone.close();
});
