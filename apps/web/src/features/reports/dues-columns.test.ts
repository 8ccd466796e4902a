import { describe, expect, it } from 'vitest';
import { duesColumns, type DuesTotals, duesTotalCells, withSponsors } from './dues-columns';

const totals = (sponsoredPaise: number): DuesTotals => ({
  count: 2,
  feePaise: 9_000_000,
  discountPaise: 500_000,
  sponsoredPaise,
  paidPaise: 6_000_000,
  balancePaise: 2_500_000 - sponsoredPaise,
});

describe("the dues report's total rows", () => {
  it.each([
    ['without sponsors', 0],
    ['with sponsors', 1_000_000],
  ])('%s: one cell per column, each sum under its own header', (_, sponsoredPaise) => {
    const t = totals(sponsoredPaise);
    const headers = duesColumns(t, (id) => `/ug/statement/${id}`).map((c) => c.header);
    const row = duesTotalCells('Total:', t, withSponsors(t));
    expect(row).toHaveLength(headers.length);
    const under = (header: string) => row[headers.indexOf(header)];
    expect(row[0]).toBe('Total:');
    expect(under('Total Fee')).toEqual({ paise: t.feePaise });
    expect(under('Discount')).toEqual({ paise: t.discountPaise });
    expect(under('Paid')).toEqual({ paise: t.paidPaise });
    expect(under('Balance')).toEqual({ paise: t.balancePaise });
    expect(under('Advance')).toBeNull();
    expect(headers.includes('Sponsored')).toBe(sponsoredPaise !== 0);
    if (sponsoredPaise !== 0) expect(under('Sponsored')).toEqual({ paise: sponsoredPaise });
  });
});
