import { type Database, receiptNumberSequence, receiptPayments, receipts } from '@fees/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { today } from '../../config';
import { buildFixture, type Fixture } from '../../test/fixture';
import { fieldRefusal } from '../../test/refusal';
import { useHarness } from '../../test/use-harness';

const h = useHarness();

function daysBefore(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** A receipt row as the receipts screens would leave it (net = total, no GST). */
async function receipt(
  db: Database,
  fx: Fixture,
  row: { depId: 100 | 101; date: string; netPaise: number; status?: 'live' | 'voided' },
) {
  const who = row.depId === 100 ? fx.ug : fx.pg;
  const seq = (
    await db
      .update(receiptNumberSequence)
      .set({ lastNumber: sql`${receiptNumberSequence.lastNumber} + 1` })
      .where(eq(receiptNumberSequence.id, 1))
      .returning()
  )[0]!;
  const [written] = await db
    .insert(receipts)
    .values({
      number: seq.lastNumber,
      departmentId: row.depId,
      courseId: who.courseId,
      batchId: who.batchId,
      studentId: who.studentId,
      date: row.date,
      studentName: 'Student',
      address: 'Address',
      totalPaise: row.netPaise,
      taxRateBasisPoints: 0,
      taxPaise: 0,
      netPaise: row.netPaise,
      paymentMode: 'cash',
      status: row.status ?? 'live',
    })
    .returning();
  await db
    .insert(receiptPayments)
    .values({ receiptId: written!.id, partNo: 1, paymentMode: 'cash', amountPaise: row.netPaise, taxPaise: 0 });
}

describe('admin.dashboard', () => {
  it('totals live receipts per department, with today and this month, and a 30-day series', async () => {
    const fx = await buildFixture(h.db); // one live UG receipt of 10,000.00 dated 2025-07-01
    const day = today();
    const monthStart = `${day.slice(0, 7)}-01`;
    await receipt(h.db, fx, { depId: 100, date: day, netPaise: 1_500_50 });
    await receipt(h.db, fx, { depId: 100, date: day, netPaise: 2_000_00 });
    await receipt(h.db, fx, { depId: 100, date: day, netPaise: 9_999_00, status: 'voided' });
    await receipt(h.db, fx, { depId: 101, date: monthStart, netPaise: 700_00 });
    await receipt(h.db, fx, { depId: 101, date: daysBefore(day, 29), netPaise: 300_00 });
    await receipt(h.db, fx, { depId: 101, date: daysBefore(day, 30), netPaise: 50_00 });

    const dashboard = await h.caller('admin').admin.dashboard();
    expect(dashboard.today).toBe(day);
    const figures = Object.fromEntries(dashboard.figures.departments.map((d) => [d.depId, d]));
    const byId = Object.fromEntries(
      dashboard.departments.map((d) => [d.depId, { ...d, ...figures[d.depId], depId: d.depId }]),
    );
    expect(dashboard.departments.map((d) => d.shortName)).toEqual([
      'UG',
      'PG',
      'DHI',
      'D.El.Ed',
      'BEd',
      'English School',
    ]);
    expect(byId[100]).toMatchObject({
      totalPaise: 10_000_00 + 3_500_50,
      todayPaise: 3_500_50,
      monthPaise: 3_500_50,
      receiptCount: 3,
    });
    const pgMonth =
      700_00 + (daysBefore(day, 29) >= monthStart ? 300_00 : 0) + (daysBefore(day, 30) >= monthStart ? 50_00 : 0);
    expect(byId[101]).toMatchObject({
      totalPaise: 1_050_00,
      todayPaise: day === monthStart ? 700_00 : 0,
      monthPaise: pgMonth,
    });
    for (const depId of [102, 103, 104, 105])
      expect(byId[depId]).toMatchObject({ totalPaise: 0, todayPaise: 0, monthPaise: 0, receiptCount: 0 });

    expect(dashboard.days).toHaveLength(30);
    expect(dashboard.days[0]?.date).toBe(daysBefore(day, 29));
    expect(dashboard.days[29]).toEqual({
      date: day,
      byDepartment: { 100: 3_500_50, 101: day === monthStart ? 700_00 : 0, 102: 0, 103: 0, 104: 0, 105: 0 },
    });
    expect(dashboard.days[0]?.byDepartment[101]).toBe(300_00 + (monthStart === daysBefore(day, 29) ? 700_00 : 0));
    const seriesTotal = dashboard.days.reduce(
      (sum, d) => sum + Object.values(d.byDepartment).reduce((a, b) => a + b, 0),
      0,
    );
    expect(seriesTotal).toBe(3_500_50 + 700_00 + 300_00);
    expect(dashboard.admins).toEqual([{ id: h.sessions.admin.userId, username: 'admin@test.local' }]);
  });

  it('shows zeros everywhere on an empty database', async () => {
    const dashboard = await h.caller('admin').admin.dashboard();
    expect(dashboard.departments.every((d) => d.totalPaise === 0)).toBe(true);
    expect(dashboard.figures.departments.every((d) => d.todayPaise === 0 && d.monthPaise === 0)).toBe(true);
    expect(dashboard.days.every((d) => Object.values(d.byDepartment).every((v) => v === 0))).toBe(true);
  });

  it('is for administrators only', async () => {
    expect((await fieldRefusal(h.caller('ugStaff').admin.dashboard())).code).toBe('FORBIDDEN');
    expect((await fieldRefusal(h.caller('pgStaff').admin.dashboard())).code).toBe('FORBIDDEN');
    expect((await fieldRefusal(h.caller('anonymous').admin.dashboard())).code).toBe('UNAUTHORIZED');
  });
});
