/**
 * Sponsors, their shares of students' heads, their receipts and what is still expected of them (the rule:
 * @fees/money sponsors.ts). A share's receivable is its amount less its shortfall less the receipts allocated to it.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { row, rows } from '../engines';
import {
  batches,
  enrolments,
  feeHeads,
  sponsorReceiptAllocations,
  sponsorReceipts,
  sponsors,
  sponsorships,
  students,
  users,
} from '../schema';
import { valueList } from './value-list';

export type SponsorRow = typeof sponsors.$inferSelect;
export type SponsorshipRow = typeof sponsorships.$inferSelect;

export async function listSponsors(db: Reader): Promise<SponsorRow[]> {
  return await db.select().from(sponsors).orderBy(asc(sponsors.name));
}

export async function findSponsor(db: Reader, id: number): Promise<SponsorRow | undefined> {
  return (await db.select().from(sponsors).where(eq(sponsors.id, id)))[0];
}

export async function findSponsorByName(db: Reader, name: string): Promise<SponsorRow | undefined> {
  return (await db.select().from(sponsors).where(eq(sponsors.name, name)))[0];
}

export async function insertSponsor(tx: WriteTx, s: Pick<SponsorRow, 'name' | 'kind'>): Promise<SponsorRow> {
  return (await tx.insert(sponsors).values(s).returning())[0]!;
}

/** The sponsors' shares of one student's head (all sponsors). */
export async function sharesOfStudentHead(db: Reader, params: { studentId: number; feeHeadId: number }) {
  return await db
    .select()
    .from(sponsorships)
    .where(and(eq(sponsorships.studentId, params.studentId), eq(sponsorships.feeHeadId, params.feeHeadId)));
}

export async function insertSponsorship(
  tx: WriteTx,
  s: Omit<SponsorshipRow, 'id' | 'createdAt' | 'shortfallPaise' | 'shortfallDate'>,
): Promise<SponsorshipRow> {
  return (await tx.insert(sponsorships).values(s).returning())[0]!;
}

/** What the receipts allocated to each of the shares (0 for a share without any). */
const RECEIVED = sql.raw(`(SELECT COALESCE(SUM(a.amount_paise), 0) FROM sponsor_receipt_allocations a
  WHERE a.sponsorship_id = sponsorships.id)`);

/** Shares with their student, head, sponsor and what was received, of a department (a sponsor's or a student's). */
export async function listSponsorships(
  db: Reader,
  params: { departmentId: number; sponsorId?: number; studentId?: number; ids?: readonly number[] },
) {
  return await db
    .select({
      id: sponsorships.id,
      sponsorId: sponsorships.sponsorId,
      sponsor: sponsors.name,
      studentId: sponsorships.studentId,
      enrolmentId: sponsorships.enrolmentId,
      batchName: batches.name,
      admissionNo: students.admissionNo,
      studentName: students.name,
      departmentId: students.departmentId,
      feeHeadId: sponsorships.feeHeadId,
      feeHead: feeHeads.name,
      date: sponsorships.date,
      percentBasisPoints: sponsorships.percentBasisPoints,
      amountPaise: sponsorships.amountPaise,
      shortfallPaise: sponsorships.shortfallPaise,
      shortfallDate: sponsorships.shortfallDate,
      receivedPaise: sql<number>`CAST(${RECEIVED} AS BIGINT)`.mapWith(Number),
    })
    .from(sponsorships)
    .innerJoin(students, eq(students.id, sponsorships.studentId))
    .innerJoin(feeHeads, eq(feeHeads.id, sponsorships.feeHeadId))
    .innerJoin(sponsors, eq(sponsors.id, sponsorships.sponsorId))
    .innerJoin(enrolments, eq(enrolments.id, sponsorships.enrolmentId))
    .innerJoin(batches, eq(batches.id, enrolments.batchId))
    .where(
      and(
        eq(students.departmentId, params.departmentId),
        params.sponsorId === undefined ? undefined : eq(sponsorships.sponsorId, params.sponsorId),
        params.studentId === undefined ? undefined : eq(sponsorships.studentId, params.studentId),
        params.ids === undefined ? undefined : inArray(sponsorships.id, [...params.ids]),
      ),
    )
    .orderBy(asc(sponsors.name), asc(students.admissionNo), asc(sponsorships.id));
}
export type SponsorshipListRow = Awaited<ReturnType<typeof listSponsorships>>[number];

export async function setShortfall(tx: WriteTx, params: { id: number; shortfallPaise: number; date: string }) {
  await tx
    .update(sponsorships)
    .set({ shortfallPaise: params.shortfallPaise, shortfallDate: params.date })
    .where(eq(sponsorships.id, params.id));
}

export async function deleteSponsorship(tx: WriteTx, id: number): Promise<void> {
  await tx.delete(sponsorships).where(eq(sponsorships.id, id));
}

/** The next sponsor receipt number of the department, bumped inside the caller's transaction: no gaps. */
export async function allocateSponsorReceiptNumber(tx: WriteTx, departmentId: number): Promise<number> {
  return (await row<{ n: number }>(
    tx,
    sql`INSERT INTO sponsor_receipt_numbers (department_id, last_number) VALUES (${departmentId}, 1)
        ON CONFLICT (department_id) DO UPDATE SET last_number = sponsor_receipt_numbers.last_number + 1
        RETURNING last_number AS n`,
  ))!.n;
}

export async function insertSponsorReceipt(
  tx: WriteTx,
  r: Omit<typeof sponsorReceipts.$inferSelect, 'id' | 'createdAt'>,
  allocations: ReadonlyArray<{ sponsorshipId: number; amountPaise: number }>,
): Promise<number> {
  const id = (await tx.insert(sponsorReceipts).values(r).returning({ id: sponsorReceipts.id }))[0]!.id;
  await tx.insert(sponsorReceiptAllocations).values(allocations.map((a) => ({ ...a, sponsorReceiptId: id })));
  return id;
}

/** A department's receipts from one sponsor, oldest first, with who took them. */
export async function sponsorReceiptsOf(db: Reader, params: { departmentId: number; sponsorId: number }) {
  return await db
    .select({
      id: sponsorReceipts.id,
      number: sponsorReceipts.number,
      date: sponsorReceipts.date,
      mode: sponsorReceipts.mode,
      reference: sponsorReceipts.reference,
      amountPaise: sponsorReceipts.amountPaise,
      takenBy: users.name,
    })
    .from(sponsorReceipts)
    .leftJoin(users, eq(users.id, sponsorReceipts.createdBy))
    .where(and(eq(sponsorReceipts.departmentId, params.departmentId), eq(sponsorReceipts.sponsorId, params.sponsorId)))
    .orderBy(asc(sponsorReceipts.date), asc(sponsorReceipts.number));
}

/** The allocations of some sponsor receipts, with the student and head each went to. */
export async function allocationsOfSponsorReceipts(db: Reader, receiptIds: readonly number[]) {
  if (receiptIds.length === 0) return [];
  return await rows<{
    sponsorReceiptId: number;
    admissionNo: string;
    studentName: string;
    feeHead: string;
    amountPaise: number;
  }>(
    db,
    sql`SELECT a.sponsor_receipt_id AS "sponsorReceiptId", s.admission_no AS "admissionNo", s.name AS "studentName",
          h.name AS "feeHead", a.amount_paise AS "amountPaise"
        FROM sponsor_receipt_allocations a
        JOIN sponsorships sp ON sp.id = a.sponsorship_id
        JOIN students s ON s.id = sp.student_id
        JOIN fee_heads h ON h.id = sp.fee_head_id
        WHERE a.sponsor_receipt_id IN (${valueList(receiptIds)})
        ORDER BY a.id`,
  );
}
