/**
 * The family page's link per student (its generation and whether it is revoked) and what the page
 * shows besides the dues: the student's latest receipts.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { familyLinks } from '../schema/family';
import { receipts } from '../schema/receipts';
import { timestampNow } from './now';

export interface FamilyLinkState {
  generation: number;
  revoked: boolean;
}

/** A student's link as it stands: generation 1, open, until staff first revoke one. */
export async function findFamilyLink(db: Reader, studentId: number): Promise<FamilyLinkState> {
  const [found] = await db
    .select({ generation: familyLinks.generation, revokedAt: familyLinks.revokedAt })
    .from(familyLinks)
    .where(eq(familyLinks.studentId, studentId));
  return found
    ? { generation: found.generation, revoked: found.revokedAt !== null }
    : { generation: 1, revoked: false };
}

/** Kills the current link: the generation moves on, so no token signed before opens the page again. */
export async function revokeFamilyLink(
  tx: WriteTx,
  params: { studentId: number; userId: number | null },
): Promise<FamilyLinkState> {
  const [saved] = await tx
    .insert(familyLinks)
    .values({ studentId: params.studentId, generation: 2, revokedAt: timestampNow(), updatedBy: params.userId })
    .onConflictDoUpdate({
      target: familyLinks.studentId,
      set: {
        generation: sql`${familyLinks.generation} + 1`,
        revokedAt: timestampNow(),
        updatedBy: params.userId,
        updatedAt: timestampNow(),
      },
    })
    .returning({ generation: familyLinks.generation });
  return { generation: saved!.generation, revoked: true };
}

/** Lets the current (new) generation's link open the page; false when it was not revoked. */
export async function reissueFamilyLink(tx: WriteTx, params: { studentId: number; userId: number | null }) {
  const changed = await tx
    .update(familyLinks)
    .set({ revokedAt: null, updatedBy: params.userId, updatedAt: timestampNow() })
    .where(and(eq(familyLinks.studentId, params.studentId), sql`${familyLinks.revokedAt} IS NOT NULL`))
    .returning({ generation: familyLinks.generation });
  return changed.length > 0;
}

/** The student's latest receipts, newest first, voided ones included (the family sees they were voided). */
export async function latestReceiptsOfStudent(db: Reader, params: { studentId: number; limit: number }) {
  return db
    .select({
      number: receipts.number,
      date: receipts.date,
      netPaise: receipts.netPaise,
      paymentMode: receipts.paymentMode,
      status: receipts.status,
    })
    .from(receipts)
    .where(eq(receipts.studentId, params.studentId))
    .orderBy(desc(receipts.date), desc(receipts.number))
    .limit(params.limit);
}
