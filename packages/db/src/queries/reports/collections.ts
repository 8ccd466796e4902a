import { sql } from 'drizzle-orm';
import type { Reader } from '../../client';
import { engineSql, rows } from '../../engines';
import type { PaymentMode } from '../../schema';
import { sponsorCollections, sponsorCollectionsByHead } from './sponsor-collections';

export interface CollectionsTotals {
  /** Pre-tax amounts of the receipt lines per fee head, with the sponsor receipts' allocations to the head. */
  byHead: Array<{ feeHeadId: number; feeHead: string; amountPaise: number }>;
  /**
   * Receipts per payment mode with their net amounts (lines plus GST): a receipt paid in two modes counts in both; a
   * sponsor receipt under its own mode.
   */
  byMode: Array<{ mode: PaymentMode; count: number; netPaise: number }>;
  /** Sum of byHead: the receipts' pre-tax total. */
  headsPaise: number;
  /** GST collected (receipts.tax_paise), shown as its own 'GST' row under the heads. */
  taxPaise: number;
  /** headsPaise + taxPaise: what was collected. */
  netPaise: number;
  /** The receipts and the sponsor receipts. */
  count: number;
  /** Of count and netPaise, the sponsor receipts (their own SP series): money from sponsors for their students. */
  sponsorCount: number;
  sponsorPaise: number;
  /** Of netPaise, receipts "Adjusted from advance": dues settled from an advance, no new money. */
  adjustedPaise: number;
  /** netPaise - adjustedPaise: the money received. */
  receivedPaise: number;
  /** Live refund vouchers dated in the period: money out. */
  refundCount: number;
  refundedPaise: number;
  /** receivedPaise - refundedPaise: the money kept. */
  keptPaise: number;
}

export interface CollectionsReport {
  from: string;
  to: string;
  departments: Array<{ depId: number; depName: string } & CollectionsTotals>;
  /** All departments of the report together. */
  overall: CollectionsTotals;
}

/**
 * Live receipts dated from..to of one department or of all, totalled per fee head and per payment
 * mode, per department and overall, read from the running totals (daily_head_collections and
 * daily_mode_collections, one primary-key range per department: on SQLite the joinInOrder hint keeps
 * departments the outer loop). Receipt lines are never zero, so a head whose sum is 0 had no live
 * line in the range. Departments without receipts are listed
 * with zeros. Receipts "Adjusted from advance" are collections without new money (adjustedPaise),
 * and live refunds of the period are money out. Sponsor receipts of the period count beside the receipts, under their
 * mode and, through their allocations, under the heads (sponsor-collections.ts).
 */
export async function collectionsReport(
  db: Reader,
  params: { depId?: number; from: string; to: string },
): Promise<CollectionsReport> {
  const engine = engineSql(db);
  const ofDepartments = params.depId === undefined ? sql`` : sql`WHERE d.id = ${params.depId}`;
  const heads = await rows<{ depId: number | null; feeHeadId: number; feeHead: string; amountPaise: number }>(
    db,
    sql`
    WITH h AS MATERIALIZED (
      SELECT t.department_id AS "depId", t.fee_head_id AS "feeHeadId", SUM(t.amount_paise) AS "amountPaise"
      FROM departments d
      ${engine.joinInOrder} daily_head_collections t ON t.department_id = d.id
        AND t.date BETWEEN ${params.from} AND ${params.to}
      ${ofDepartments}
      GROUP BY t.department_id, t.fee_head_id
      HAVING SUM(t.amount_paise) <> 0
    )
    SELECT h."depId" AS "depId", h."feeHeadId" AS "feeHeadId", fh.name AS "feeHead", h."amountPaise" AS "amountPaise"
    FROM h JOIN fee_heads fh ON fh.id = h."feeHeadId"
    UNION ALL
    SELECT NULL, h."feeHeadId", fh.name, SUM(h."amountPaise")
    FROM h JOIN fee_heads fh ON fh.id = h."feeHeadId"
    GROUP BY h."feeHeadId", fh.name
    ORDER BY 1, 3`,
  );
  // kind: 'mode' rows are per (department, mode); 'all' rows per department (or overall when depId is null). count is
  // the receipts (each once, under its first part's mode), parts the receipts paid (partly) in the mode.
  const modes = await rows<{
    kind: 'mode' | 'all';
    depId: number | null;
    mode: PaymentMode | null;
    count: number;
    parts: number;
    headsPaise: number;
    taxPaise: number;
    netPaise: number;
  }>(
    db,
    sql`
    WITH m AS MATERIALIZED (
      SELECT t.department_id AS "depId", t.payment_mode AS mode,
        SUM(t.receipt_count) AS count, SUM(t.part_count) AS parts, SUM(t.total_paise) AS "headsPaise",
        SUM(t.tax_paise) AS "taxPaise", SUM(t.net_paise) AS "netPaise"
      FROM departments d
      ${engine.joinInOrder} daily_mode_collections t ON t.department_id = d.id
        AND t.date BETWEEN ${params.from} AND ${params.to}
      ${ofDepartments}
      GROUP BY t.department_id, t.payment_mode
      HAVING SUM(t.part_count) > 0
    )
    SELECT 'mode' AS kind, "depId", mode, count, parts, "headsPaise", "taxPaise", "netPaise" FROM m
    UNION ALL SELECT 'mode', NULL, mode, SUM(count), SUM(parts), SUM("headsPaise"), SUM("taxPaise"), SUM("netPaise")
      FROM m GROUP BY mode
    UNION ALL SELECT 'all', "depId", NULL, SUM(count), SUM(parts), SUM("headsPaise"), SUM("taxPaise"), SUM("netPaise")
      FROM m GROUP BY "depId"
    UNION ALL SELECT 'all', NULL, NULL, COALESCE(SUM(count), 0), COALESCE(SUM(parts), 0),
      COALESCE(SUM("headsPaise"), 0), COALESCE(SUM("taxPaise"), 0), COALESCE(SUM("netPaise"), 0) FROM m
    ORDER BY 2, 3`,
  );
  const departments = await rows<{ depId: number; depName: string }>(
    db,
    sql`
    SELECT id AS "depId", name AS "depName" FROM departments
    WHERE ${params.depId === undefined ? sql`TRUE` : sql`id = ${params.depId}`} ORDER BY id`,
  );
  const paidOut = await rows<{ depId: number; count: number; amountPaise: number }>(
    db,
    sql`
    SELECT department_id AS "depId", COUNT(*) AS count, SUM(amount_paise) AS "amountPaise"
    FROM refunds
    WHERE status = 'live' AND date BETWEEN ${params.from} AND ${params.to}
      ${params.depId === undefined ? sql`` : sql`AND department_id = ${params.depId}`}
    GROUP BY department_id`,
  );

  const [sponsored, sponsoredHeads] = await Promise.all([
    sponsorCollections(db, params),
    sponsorCollectionsByHead(db, params),
  ]);

  const totalsOf = (depId: number | null): CollectionsTotals => {
    const all = modes.find((m) => m.kind === 'all' && m.depId === depId);
    const fromSponsors = sponsored.filter((r) => depId === null || r.depId === depId);
    const sponsorCount = fromSponsors.reduce((sum, r) => sum + r.count, 0);
    const sponsorPaise = fromSponsors.reduce((sum, r) => sum + r.amountPaise, 0);
    const netPaise = (all?.netPaise ?? 0) + sponsorPaise;
    const adjustedPaise =
      modes.find((m) => m.kind === 'mode' && m.depId === depId && m.mode === 'advance')?.netPaise ?? 0;
    const refunds = paidOut.filter((f) => depId === null || f.depId === depId);
    const refundedPaise = refunds.reduce((sum, f) => sum + f.amountPaise, 0);
    const byHead = new Map(
      heads
        .filter((h) => h.depId === depId)
        .map(({ feeHeadId, feeHead, amountPaise }) => [feeHeadId, { feeHeadId, feeHead, amountPaise }]),
    );
    let newHead = false;
    for (const h of sponsoredHeads.filter((x) => depId === null || x.depId === depId)) {
      const head = byHead.get(h.feeHeadId) ?? { feeHeadId: h.feeHeadId, feeHead: h.feeHead, amountPaise: 0 };
      newHead ||= head.amountPaise === 0;
      head.amountPaise += h.amountPaise;
      byHead.set(h.feeHeadId, head);
    }
    // The receipts' heads come in the query's order by name; a head only sponsors paid on takes its place among them.
    const headList = [...byHead.values()];
    if (newHead) headList.sort((a, b) => a.feeHead.localeCompare(b.feeHead));
    const byMode = new Map(
      modes
        .filter((m) => m.kind === 'mode' && m.depId === depId)
        .map((m) => [m.mode as PaymentMode, { mode: m.mode as PaymentMode, count: m.parts, netPaise: m.netPaise }]),
    );
    for (const r of fromSponsors) {
      const mode = byMode.get(r.mode) ?? { mode: r.mode, count: 0, netPaise: 0 };
      mode.count += r.count;
      mode.netPaise += r.amountPaise;
      byMode.set(r.mode, mode);
    }
    return {
      byHead: headList,
      byMode: [...byMode.values()].sort((a, b) => (a.mode < b.mode ? -1 : a.mode > b.mode ? 1 : 0)),
      headsPaise: (all?.headsPaise ?? 0) + sponsorPaise,
      taxPaise: all?.taxPaise ?? 0,
      netPaise,
      count: (all?.count ?? 0) + sponsorCount,
      sponsorCount,
      sponsorPaise,
      adjustedPaise,
      receivedPaise: netPaise - adjustedPaise,
      refundCount: refunds.reduce((sum, f) => sum + f.count, 0),
      refundedPaise,
      keptPaise: netPaise - adjustedPaise - refundedPaise,
    };
  };
  return {
    from: params.from,
    to: params.to,
    departments: departments.map((d) => ({ ...d, ...totalsOf(d.depId) })),
    overall: totalsOf(null),
  };
}
