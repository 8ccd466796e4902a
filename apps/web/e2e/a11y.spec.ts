import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type ScreenData, setUpScreenData } from './screens-data';
import { DESKTOP, PHONE, signInAsAdmin, signInAtDepartment } from './support';

/**
 * axe-core over the screens a clerk and an admin use most: no critical or serious violation (WCAG 2
 * A and AA), one h1, headings in order, and the page's landmarks. Each screen is also kept as a
 * screenshot at desktop and phone size (e2e/artifacts/screens).
 */
const SHOTS = 'e2e/artifacts/screens';

interface Screen {
  name: string;
  as: 'anonymous' | 'staff' | 'admin';
  open: (page: Page, data: ScreenData) => Promise<void>;
  landmarks: Array<'banner' | 'navigation' | 'main'>;
}

const SHELL: Screen['landmarks'] = ['banner', 'navigation', 'main'];

async function searchReceipts(page: Page, data: ScreenData) {
  await page.goto('/ug/rcpt/');
  await page.getByRole('textbox', { name: 'Find student' }).fill(data.student.name);
  await expect(page.getByRole('button', { name: `View fees of ${data.student.name}` })).toBeVisible();
}

const SCREENS: Screen[] = [
  {
    name: 'home',
    as: 'anonymous',
    landmarks: SHELL,
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Welcome to the Educational Foundation' })).toBeVisible({
        timeout: 5000,
      });
    },
  },
  {
    name: 'department-login',
    as: 'anonymous',
    landmarks: ['main'],
    open: async (page) => {
      await page.goto('/deplogin/100');
      await expect(page.getByRole('heading', { name: 'Arts and Science UG' })).toBeVisible();
    },
  },
  {
    name: 'department-dashboard',
    as: 'staff',
    landmarks: SHELL,
    open: async (page) => {
      await page.goto('/ug');
      await expect(page.getByText('Today total')).toBeVisible();
    },
  },
  { name: 'receipt-search', as: 'staff', landmarks: SHELL, open: searchReceipts },
  {
    name: 'fees-info',
    as: 'staff',
    landmarks: SHELL,
    open: async (page, data) => {
      await searchReceipts(page, data);
      await page.getByRole('button', { name: `View fees of ${data.student.name}` }).click();
      await expect(page.getByRole('dialog', { name: 'Fees Info' }).getByTestId('fees-info-balance')).toBeVisible();
    },
  },
  {
    name: 'receipt-entry',
    as: 'staff',
    landmarks: SHELL,
    open: async (page, data) => {
      await page.goto(`/ug/receipt/${data.student.admissionNo}?sub_id=1003&course=BA+English&batch=${data.batchId}`);
      await expect(page.getByRole('combobox', { name: 'Fee type 1' })).toBeVisible();
    },
  },
  {
    name: 'printable-receipt',
    as: 'staff',
    landmarks: SHELL,
    open: async (page, data) => {
      await page.goto(`/ug/inv/success/?url=%2Fug%2Frcpt%2F&no=${data.receiptNumber}`);
      await expect(page.getByTestId('printable-receipt').getByText(`#000${data.receiptNumber}`).first()).toBeVisible();
    },
  },
  {
    name: 'dues-report',
    as: 'staff',
    landmarks: SHELL,
    open: async (page, data) => {
      await page.goto('/ug/dues/?course=1003');
      await expect(page.getByRole('cell', { name: data.student.admissionNo })).toBeVisible();
    },
  },
  {
    name: 'student-registration',
    as: 'staff',
    landmarks: SHELL,
    open: async (page) => {
      await page.goto('/ug/register/');
      await expect(page.getByRole('textbox', { name: 'Admission no' })).toBeVisible();
    },
  },
  {
    name: 'admin-dashboard',
    as: 'admin',
    landmarks: SHELL,
    open: async (page) => {
      await page.goto('/admin');
      await expect(page.getByText('List of Admins')).toBeVisible();
    },
  },
  {
    name: 'new-discount',
    as: 'admin',
    landmarks: SHELL,
    open: async (page) => {
      await page.goto('/admin/fdiscount?depId=100');
      await expect(page.getByRole('textbox', { name: 'Discount amount' })).toBeVisible();
    },
  },
  {
    name: 'refunds-report',
    as: 'admin',
    landmarks: SHELL,
    open: async (page) => {
      await page.goto('/admin/refunds?from=2025-06-01&to=2025-12-31');
      await expect(page.getByRole('combobox', { name: 'Paid out by' })).toBeVisible();
      await expect(page.getByText('No refunds', { exact: true })).toBeVisible();
    },
  },
];

/** Heading levels in document order, visible ones only. */
function headingLevels(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((h) => (h as HTMLElement).offsetParent !== null)
      .map((h) => Number(h.tagName[1])),
  );
}

test('axe finds no critical or serious violation on the main screens; one h1, headings in order, landmarks', async ({
  page,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const data = await setUpScreenData(page, 'axe');
  const problems: string[] = [];
  let signedInAs: Screen['as'] = 'anonymous';
  for (const screen of SCREENS) {
    if (screen.as !== signedInAs) {
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      if (screen.as === 'staff') {
        await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
        await expect(page).toHaveURL(/\/ug$/);
      }
      if (screen.as === 'admin') await signInAsAdmin(page);
      signedInAs = screen.as;
    }
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await screen.open(page, data);
      await page.screenshot({ path: `${SHOTS}/${screen.name}-${size}.png`, fullPage: true });
      if (size === 'phone') continue;
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      for (const v of results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')) {
        problems.push(
          `${screen.name}: [${v.impact}] ${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
        );
      }
      const levels = await headingLevels(page);
      if (levels.filter((l) => l === 1).length !== 1 || levels[0] !== 1)
        problems.push(`${screen.name}: headings ${levels.join(',')} (one h1, first)`);
      levels.forEach((level, i) => {
        if (i > 0 && level > levels[i - 1]! + 1)
          problems.push(`${screen.name}: heading h${level} after h${levels[i - 1]}`);
      });
      for (const landmark of screen.landmarks) {
        if ((await page.getByRole(landmark).count()) === 0) problems.push(`${screen.name}: no ${landmark} landmark`);
      }
    }
  }
  expect(problems).toEqual([]);
});
