import { asc, eq, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { row } from '../engines';
import { departments, letterheadLogos, letterheads, settings } from '../schema';

/** The default GST rate of a head marked taxable without one, in hundredths of a percent (1800 = 18%). */
export async function getGstRateBasisPoints(db: Reader): Promise<number> {
  return (
    (await db.select({ bp: settings.gstRateBasisPoints }).from(settings).where(eq(settings.id, 1)).limit(1))[0]?.bp ?? 0
  );
}

export async function setGstRateBasisPoints(db: WriteTx, gstRateBasisPoints: number): Promise<void> {
  await db
    .insert(settings)
    .values({ id: 1, gstRateBasisPoints })
    .onConflictDoUpdate({ target: settings.id, set: { gstRateBasisPoints } });
}

/** How many days back staff may date a receipt (admins are not limited). */
export async function getBackdateLimitDays(db: Reader): Promise<number> {
  // Every receipt reads it: one compiled statement costs a tenth of building the query each time.
  return (
    (await row<{ days: number }>(db, sql`SELECT backdate_limit_days AS days FROM settings WHERE id = 1`))?.days ?? 62
  );
}

export async function setBackdateLimitDays(db: WriteTx, backdateLimitDays: number): Promise<void> {
  await db.update(settings).set({ backdateLimitDays }).where(eq(settings.id, 1));
}

const letterheadColumns = {
  depId: departments.id,
  departmentName: departments.name,
  shortName: departments.shortName,
  institutionName: letterheads.institutionName,
  address: letterheads.address,
  phone: letterheads.phone,
  gstin: departments.gstin,
  hasLogo: sql<boolean>`EXISTS (SELECT 1 FROM ${letterheadLogos}
      WHERE ${letterheadLogos.departmentId} = ${departments.id})`.mapWith(Boolean),
};

/** Every department's letterhead lines, in department order. */
export async function listLetterheads(db: Reader) {
  return await db
    .select(letterheadColumns)
    .from(departments)
    .innerJoin(letterheads, eq(letterheads.departmentId, departments.id))
    .orderBy(asc(departments.id));
}

export async function upsertLetterhead(
  db: WriteTx,
  row: { departmentId: number; institutionName: string; address: string; phone: string },
): Promise<void> {
  const { departmentId, ...lines } = row;
  await db.insert(letterheads).values(row).onConflictDoUpdate({ target: letterheads.departmentId, set: lines });
}

/** Sets or clears (null) the GSTIN a department's receipts print. */
export async function setDepartmentGstin(db: WriteTx, params: { departmentId: number; gstin: string | null }) {
  await db.update(departments).set({ gstin: params.gstin }).where(eq(departments.id, params.departmentId));
}

export type LetterheadLogo = typeof letterheadLogos.$inferSelect;

export async function getLetterheadLogo(db: Reader, departmentId: number): Promise<LetterheadLogo | undefined> {
  return (await db.select().from(letterheadLogos).where(eq(letterheadLogos.departmentId, departmentId)).limit(1))[0];
}

export async function setLetterheadLogo(db: WriteTx, logo: LetterheadLogo): Promise<void> {
  const { departmentId, ...image } = logo;
  await db
    .insert(letterheadLogos)
    .values(logo)
    .onConflictDoUpdate({ target: letterheadLogos.departmentId, set: image });
}

export async function removeLetterheadLogo(db: WriteTx, departmentId: number): Promise<void> {
  await db.delete(letterheadLogos).where(eq(letterheadLogos.departmentId, departmentId));
}
