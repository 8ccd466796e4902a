import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { runProgram } from './programs';
import { setUpScreenData } from './screens-data';
import { signInAsAdmin, signInAtDepartment } from './support';

const ARTIFACTS = 'e2e/artifacts';

/** A 240 x 80 PNG: an indigo band with a white bar, enough to see on the printout. */
function logoPng(): Buffer {
  const png = new PNG({ width: 240, height: 80 });
  for (let y = 0; y < 80; y++) {
    for (let x = 0; x < 240; x++) {
      const i = (y * 240 + x) * 4;
      const bar = y > 30 && y < 50 && x > 20 && x < 220;
      png.data.set(bar ? [255, 255, 255, 255] : [62, 90, 201, 255], i);
    }
  }
  return PNG.sync.write(png);
}

test('an admin uploads a department logo (refused when the bytes are not PNG or JPEG) and it prints on the receipt', async ({
  page,
}) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const data = await setUpScreenData(page, 'logo');
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  const ug = page.getByRole('button', { name: 'Upload a logo for Arts and Science UG' });
  await expect(ug).toBeVisible();
  const input = page.locator('input[type=file]').first();

  // An SVG named .png is refused by its bytes.
  await input.setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a PNG or JPEG image' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo of Arts and Science UG' })).toHaveCount(0);

  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(page.getByRole('img', { name: 'Logo of Arts and Science UG' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo of Arts and Science PG' })).toHaveCount(0);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInAtDepartment(page, 100, data.staff.email, data.staff.password);
  await expect(page).toHaveURL(/\/ug$/);
  await page.goto(`/ug/inv/success/?url=%2Fug%2Frcpt%2F&no=${data.receiptNumber}`);
  const sheet = page.getByTestId('printable-receipt');
  await expect(sheet.locator('img.rcpt-logo')).toHaveCount(2);
  expect(
    await sheet
      .locator('img.rcpt-logo')
      .first()
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
  ).toBe(240);
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: `${ARTIFACTS}/receipt-logo.pdf`, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  expect(runProgram('pdfinfo', [`${ARTIFACTS}/receipt-logo.pdf`])).toMatch(/Pages:\s+1\n/);
  runProgram('pdftoppm', [
    '-png',
    '-r',
    '70',
    '-singlefile',
    `${ARTIFACTS}/receipt-logo.pdf`,
    `${ARTIFACTS}/screens/receipt-logo-pdf`,
  ]);
});
