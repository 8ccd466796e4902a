import { describe, expect, it } from 'vitest';
import { packageOfSource } from './web';

describe('the package a source map names', () => {
  it('is the folder after the last node_modules, with its scope', () => {
    expect(packageOfSource('../../../node_modules/.pnpm/zod@4.1.12/node_modules/zod/v4/classic/schemas.js')).toBe(
      'zod',
    );
    expect(
      packageOfSource(
        '../../../node_modules/.pnpm/@mantine+dates@9.0.0_x/node_modules/@mantine/dates/esm/components/DatePicker.mjs',
      ),
    ).toBe('@mantine/dates');
    expect(packageOfSource('../../node_modules/qrcode/lib/browser.js')).toBe('qrcode');
  });

  it('is none for our own modules', () => {
    expect(packageOfSource('../../src/features/receipts/ReceiptEntryPage.tsx')).toBeNull();
    expect(packageOfSource('../../../../packages/validation/src/approvals.ts')).toBeNull();
  });
});
