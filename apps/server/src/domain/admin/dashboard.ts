import {
  collectionsReport,
  dailyCollections,
  departmentCollections,
  duesBalanceByDepartment,
  listAdmins,
} from '@fees/db';
import { addDays, monthName } from '@fees/money';
import { today } from '../../config';
import type { Context } from '../../context';
import { specialHeadStructureWarnings } from '../fees/special-heads';

const SERIES_DAYS = 30;

/** The academic year (June to May) holding a date: its first day and its name, "2026-27". */
export function academicYearOf(date: string): { from: string; label: string } {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 6 ? year : year - 1;
  return { from: `${start}-06-01`, label: `${start}-${String((start + 1) % 100).padStart(2, '0')}` };
}

/**
 * The dashboard's figures, per department and overall, each read by its report's own query so they
 * agree: collected today, this month and this academic year (the collections report over each period),
 * the mode mix of the academic year, and dues outstanding today with the demand they are part of (the
 * dues report's fee less discounts and balance over every course, read from the kept per-student
 * figures): collected against demand is the demand less what the students owe and what their sponsors
 * still owe (a share is collected only when the sponsor's receipt comes in).
 */
async function periodFigures(ctx: Context, day: string) {
  const year = academicYearOf(day);
  const periods = {
    today: { from: day, to: day, label: day },
    month: { from: `${day.slice(0, 7)}-01`, to: day, label: monthName(day) },
    year: { from: year.from, to: day, label: year.label },
  };
  const [today, month, academicYear] = await Promise.all(
    [periods.today, periods.month, periods.year].map((p) => collectionsReport(ctx.db, { from: p.from, to: p.to })),
  );
  const dues = await duesBalanceByDepartment(ctx.db);
  const duesOf = (depId: number | undefined) => {
    const of = depId === undefined ? dues : dues.filter((d) => d.depId === depId);
    const demandPaise = of.reduce((sum, d) => sum + d.demandPaise, 0);
    const balancePaise = of.reduce((sum, d) => sum + d.balancePaise, 0);
    const sponsorsOwePaise = of.reduce((sum, d) => sum + d.sponsorReceivablePaise, 0);
    return {
      demandPaise,
      demandCollectedPaise: demandPaise - balancePaise - sponsorsOwePaise,
      duesOutstandingPaise: balancePaise,
      sponsorsOwePaise,
    };
  };
  const figuresOf = (depId: number | undefined) => {
    const of = (report: NonNullable<typeof today>) =>
      depId === undefined ? report.overall : report.departments.find((d) => d.depId === depId);
    const yearTotals = of(academicYear!);
    return {
      todayPaise: of(today!)?.netPaise ?? 0,
      monthPaise: of(month!)?.netPaise ?? 0,
      yearPaise: yearTotals?.netPaise ?? 0,
      modeMix: (yearTotals?.byMode ?? []).map((m) => ({ mode: m.mode, count: m.count, netPaise: m.netPaise })),
      ...duesOf(depId),
    };
  };
  return {
    periods,
    figures: {
      departments: academicYear!.departments.map((d) => ({
        depId: d.depId,
        depName: d.depName,
        ...figuresOf(d.depId),
      })),
      overall: figuresOf(undefined),
    },
  };
}

/**
 * The admin home: per department the total collected on live receipts (today's, this month's and this year's
 * part are the period figures); the last 30 days per day and department (every day present, 0 when nothing came
 * in); the admin accounts; what is wrong with the automatic backups; and the fee structure rows over a head
 * charged by its own rule, left by older versions. Amounts are paise of net receipt amounts (GST included).
 */
export async function adminDashboard(ctx: Context) {
  const day = today();
  const from = addDays(day, 1 - SERIES_DAYS);
  const departments = await departmentCollections(ctx.db);
  const collected = new Map(
    (await dailyCollections(ctx.db, { from, to: day })).map((r) => [`${r.date}|${r.depId}`, r.totalPaise]),
  );
  const days = Array.from({ length: SERIES_DAYS }, (_, i) => {
    const date = addDays(from, i);
    return {
      date,
      byDepartment: Object.fromEntries(departments.map((d) => [d.depId, collected.get(`${date}|${d.depId}`) ?? 0])),
    };
  });
  // No good backup for 26 hours, a failed check or a failed copy (backup/automatic.ts).
  const backupWarnings = ctx.backups ? await ctx.backups.warnings() : [];
  return {
    today: day,
    month: day.slice(0, 7),
    ...(await periodFigures(ctx, day)),
    departments,
    days,
    admins: await listAdmins(ctx.db),
    backupWarnings,
    structureWarnings: await specialHeadStructureWarnings(ctx.db),
  };
}
