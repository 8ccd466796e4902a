import { listLetterheads } from '@fees/db';
import { createTestDatabase } from '@fees/db/testing';
import { DEPARTMENTS } from '@fees/validation';
import { describe, expect, it } from 'vitest';
import { loadDemoLetterheads } from './letterheads';

describe('demo letterheads', () => {
  it('gives every department an address and a phone, once, keeping the institution names', () => {
    const db = createTestDatabase();
    expect(loadDemoLetterheads(db)).toBe(DEPARTMENTS.length);
    const letterheads = listLetterheads(db);
    expect(letterheads.map((l) => l.institutionName)).toEqual(DEPARTMENTS.map((d) => d.letterhead));
    for (const l of letterheads) {
      expect(l.address).toMatch(/Thrissur 680\d{3}, Kerala$/);
      expect(l.phone).toMatch(/^0487 \d{7}$/);
    }
    expect(loadDemoLetterheads(db)).toBe(0);
  });
});
