import type { TMoneyPaymentMode } from '@fees/validation';
import { sql } from 'drizzle-orm';
import type { Reader } from '../../client';
import { engineSql, rows } from '../../engines';

/**
 * Sponsor receipts are money received like the families' own receipts: every collections figure (the collections
 * report, receipts between dates, the day book, the dashboards) counts them beside the receipts, under their mode, in
 * their own SP series. They are never voided, carry no GST, and each one's lines are its allocations to students'
 * heads. Few a year (one cheque or transfer for many students), read by sponsor_receipts_department_date_idx.
 */
export interface SponsorCollectionRow {
  depId: number;
  date: string;
  mode: TMoneyPaymentMode;
  count: number;
  amountPaise: number;
}

interface Period {
  depId?: number;
  from: string;
  to: string;
}

/**
 * The period's sponsor receipts as `r`, read as one range of the department-date index per department (on SQLite the
 * joinInOrder hint keeps departments the outer loop), never the whole index when all departments are asked for.
 */
const receiptsOfPeriod = (db: Reader, p: Period) => sql`
  departments d ${engineSql(db).joinInOrder} sponsor_receipts r
    ON r.department_id = d.id AND r.date BETWEEN ${p.from} AND ${p.to}
    ${p.depId === undefined ? sql`` : sql`AND d.id = ${p.depId}`}`;

/** Sponsor receipts dated from..to per department, day and mode: how many and their amount. */
export async function sponsorCollections(db: Reader, params: Period): Promise<SponsorCollectionRow[]> {
  return (
    await rows<SponsorCollectionRow>(
      db,
      sql`
      SELECT r.department_id AS "depId", r.date AS date, r.mode AS mode, COUNT(*) AS count,
        SUM(r.amount_paise) AS "amountPaise"
      FROM ${receiptsOfPeriod(db, params)}
      GROUP BY r.department_id, r.date, r.mode
      ORDER BY 1, 2, 3`,
    )
  ).map((r) => ({ ...r, count: Number(r.count), amountPaise: Number(r.amountPaise) }));
}

/** Their allocations per department and fee head (the head of the share each one went to). */
export async function sponsorCollectionsByHead(
  db: Reader,
  params: Period,
): Promise<Array<{ depId: number; feeHeadId: number; feeHead: string; amountPaise: number }>> {
  return (
    await rows<{ depId: number; feeHeadId: number; feeHead: string; amountPaise: number }>(
      db,
      sql`
      SELECT r.department_id AS "depId", sp.fee_head_id AS "feeHeadId", fh.name AS "feeHead",
        SUM(a.amount_paise) AS "amountPaise"
      FROM ${receiptsOfPeriod(db, params)}
      JOIN sponsor_receipt_allocations a ON a.sponsor_receipt_id = r.id
      JOIN sponsorships sp ON sp.id = a.sponsorship_id
      JOIN fee_heads fh ON fh.id = sp.fee_head_id
      GROUP BY r.department_id, sp.fee_head_id, fh.name`,
    )
  ).map((r) => ({ ...r, amountPaise: Number(r.amountPaise) }));
}

/** A sponsor receipt as the receipts between dates list it. */
export interface DatedSponsorReceiptRow {
  number: number;
  date: string;
  sponsorId: number;
  sponsor: string;
  mode: TMoneyPaymentMode;
  reference: string;
  /** The students its allocations went to. */
  students: number;
  amountPaise: number;
}

/** One department's sponsor receipts dated from..to, by date then number. */
export async function sponsorReceiptsBetween(
  db: Reader,
  params: { depId: number; from: string; to: string },
): Promise<DatedSponsorReceiptRow[]> {
  return (
    await rows<DatedSponsorReceiptRow>(
      db,
      sql`
      SELECT r.number AS number, r.date AS date, r.sponsor_id AS "sponsorId", s.name AS sponsor, r.mode AS mode,
        r.reference AS reference,
        (SELECT COUNT(DISTINCT sp.student_id) FROM sponsor_receipt_allocations a
          JOIN sponsorships sp ON sp.id = a.sponsorship_id WHERE a.sponsor_receipt_id = r.id) AS students,
        r.amount_paise AS "amountPaise"
      FROM sponsor_receipts r JOIN sponsors s ON s.id = r.sponsor_id
      WHERE r.department_id = ${params.depId} AND r.date BETWEEN ${params.from} AND ${params.to}
      ORDER BY r.date, r.number`,
    )
  ).map((r) => ({ ...r, students: Number(r.students), amountPaise: Number(r.amountPaise) }));
}
