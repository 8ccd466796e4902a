import { listLetterheads } from '@fees/db';
import { createTestDatabase } from '@fees/db/testing';
import { DEPARTMENTS } from '@fees/validation';
import { describe, expect, it } from 'vitest';
import { loadDemoLetterheads } from './letterheads';

describe('demo letterheads', () => {
  it('gives every department an address and a phone, once, keeping the institution names', async () => {
    const db = createTestDatabase();
    expect(await loadDemoLetterheads(db)).toBe(DEPARTMENTS.length);
    const letterheads = await listLetterheads(db);
    expect(letterheads.map((l) => l.institutionName)).toEqual(DEPARTMENTS.map((d) => d.letterhead));
    for (const l of letterheads) {
      expect(l.address).toMatch(/Thrissur 680\d{3}, Kerala$/);
      expect(l.phone).toMatch(/^0487 \d{7}$/);
    }
    expect(await loadDemoLetterheads(db)).toBe(0);
  });
});
