import { dailyCollections, departmentCollections, listAdmins } from '@fees/db';
import { addDays } from '@fees/money';
import { today } from '../../config';
import type { Context } from '../../context';
import { specialHeadStructureWarnings } from '../fees/special-heads';

const SERIES_DAYS = 30;

/**
 * The admin home: per department the total collected on live receipts, today's and this month's
 * part; the last 30 days per day and department (every day present, 0 when nothing came in);
 * the admin accounts; what is wrong with the automatic backups; and the fee structure rows over a head
 * charged by its own rule, left by older versions. Amounts are paise of net receipt amounts (GST included).
 */
export async function adminDashboard(ctx: Context) {
  const day = today();
  const from = addDays(day, 1 - SERIES_DAYS);
  const departments = await departmentCollections(ctx.db, { today: day });
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
    departments,
    days,
    admins: await listAdmins(ctx.db),
    backupWarnings,
    structureWarnings: await specialHeadStructureWarnings(ctx.db),
  };
}
