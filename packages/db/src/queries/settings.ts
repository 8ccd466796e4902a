import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { departments, letterheadLogos, letterheads, settings } from '../schema';

/** The GST rate new receipts are issued with, in hundredths of a percent (1800 = 18%). */
export function getGstRateBasisPoints(db: DbOrTx): number {
  return db.select({ bp: settings.gstRateBasisPoints }).from(settings).where(eq(settings.id, 1)).get()?.bp ?? 0;
}

export function setGstRateBasisPoints(db: DbOrTx, gstRateBasisPoints: number): void {
  db.insert(settings)
    .values({ id: 1, gstRateBasisPoints })
    .onConflictDoUpdate({ target: settings.id, set: { gstRateBasisPoints } })
    .run();
}

/** How many days back staff may date a receipt (admins are not limited). */
export function getBackdateLimitDays(db: DbOrTx): number {
  return db.select({ days: settings.backdateLimitDays }).from(settings).where(eq(settings.id, 1)).get()?.days ?? 62;
}

export function setBackdateLimitDays(db: DbOrTx, backdateLimitDays: number): void {
  db.update(settings).set({ backdateLimitDays }).where(eq(settings.id, 1)).run();
}

const letterheadColumns = {
  depId: departments.id,
  departmentName: departments.name,
  shortName: departments.shortName,
  institutionName: letterheads.institutionName,
  address: letterheads.address,
  phone: letterheads.phone,
  hasLogo: sql<boolean>`EXISTS (SELECT 1 FROM ${letterheadLogos} WHERE ${letterheadLogos.departmentId} = ${departments.id})`.mapWith(Boolean),
};

/** Every department's letterhead lines, in department order. */
export function listLetterheads(db: DbOrTx) {
  return db
    .select(letterheadColumns)
    .from(departments)
    .innerJoin(letterheads, eq(letterheads.departmentId, departments.id))
    .orderBy(asc(departments.id))
    .all();
}

export function upsertLetterhead(
  db: DbOrTx,
  row: { departmentId: number; institutionName: string; address: string; phone: string },
): void {
  const { departmentId, ...lines } = row;
  db.insert(letterheads).values(row).onConflictDoUpdate({ target: letterheads.departmentId, set: lines }).run();
}

export type LetterheadLogo = typeof letterheadLogos.$inferSelect;

export function getLetterheadLogo(db: DbOrTx, departmentId: number): LetterheadLogo | undefined {
  return db.select().from(letterheadLogos).where(eq(letterheadLogos.departmentId, departmentId)).get();
}

export function setLetterheadLogo(db: DbOrTx, logo: LetterheadLogo): void {
  const { departmentId, ...image } = logo;
  db.insert(letterheadLogos).values(logo).onConflictDoUpdate({ target: letterheadLogos.departmentId, set: image }).run();
}

export function removeLetterheadLogo(db: DbOrTx, departmentId: number): void {
  db.delete(letterheadLogos).where(eq(letterheadLogos.departmentId, departmentId)).run();
}
