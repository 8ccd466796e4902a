import {
  type FineRule,
  type HeadAmount,
  NO_FINE,
  type PlanInstalment,
  sortedInstalments,
  virtualPlanInstalments,
} from '@fees/money';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import {
  departmentPaymentSettings,
  feeHeads,
  feeStructures,
  fineWaivers,
  instalmentAmounts,
  instalmentPlans,
  instalments,
} from '../schema';
import { timestampNow } from './now';

/** The fine rule columns of a plan or an instalment row. */
type FineColumns = Pick<
  typeof instalmentPlans.$inferSelect,
  'fineType' | 'fineGraceDays' | 'fineAmountPaise' | 'finePerDayPaise' | 'fineCapPaise' | 'finePercentBasisPoints'
>;

export function fineRuleFromColumns(row: FineColumns): FineRule | null {
  const graceDays = row.fineGraceDays ?? 0;
  switch (row.fineType) {
    case 'none':
      return NO_FINE;
    case 'fixed':
      return { type: 'fixed', amountPaise: row.fineAmountPaise ?? 0, graceDays };
    case 'per_day':
      return { type: 'per_day', perDayPaise: row.finePerDayPaise ?? 0, capPaise: row.fineCapPaise ?? 0, graceDays };
    case 'percent':
      return { type: 'percent', percentBasisPoints: row.finePercentBasisPoints ?? 0, graceDays };
    default:
      return null;
  }
}

export function fineRuleColumns(rule: FineRule | null): FineColumns {
  return {
    fineType: rule?.type ?? null,
    fineGraceDays: rule && rule.type !== 'none' ? rule.graceDays : null,
    fineAmountPaise: rule?.type === 'fixed' ? rule.amountPaise : null,
    finePerDayPaise: rule?.type === 'per_day' ? rule.perDayPaise : null,
    fineCapPaise: rule?.type === 'per_day' ? rule.capPaise : null,
    finePercentBasisPoints: rule?.type === 'percent' ? rule.percentBasisPoints : null,
  };
}

export interface BatchPlan {
  batchId: number;
  hasPlan: boolean;
  version: number;
  fineRule: FineRule;
  /**
   * The heads of the batch's fee structure with their amounts, in the order they were entered; an optional one is owed
   * only by the students opted into it.
   */
  heads: Array<HeadAmount & { feeHead: string; startDate: string; optional: boolean }>;
  /** In due-date order. */
  instalments: PlanInstalment[];
}

/** The plans of some batches (saved, or virtual for a batch without one), with few statements. */
export async function loadBatchPlans(db: Reader, batchIds: readonly number[]): Promise<Map<number, BatchPlan>> {
  const result = new Map<number, BatchPlan>();
  if (batchIds.length === 0) return result;
  const ids = [...new Set(batchIds)];
  // Four independent reads sent together (on PostgreSQL they may run on several of the pool's connections).
  const [heads, plans, rows, amounts] = await Promise.all([
    db
      .select({
        batchId: feeStructures.batchId,
        feeHeadId: feeStructures.feeHeadId,
        feeHead: feeHeads.name,
        amountPaise: feeStructures.amountPaise,
        startDate: feeStructures.startDate,
        optional: feeStructures.optional,
      })
      .from(feeStructures)
      .innerJoin(feeHeads, eq(feeHeads.id, feeStructures.feeHeadId))
      .where(inArray(feeStructures.batchId, ids))
      .orderBy(asc(feeStructures.id)),
    db.select().from(instalmentPlans).where(inArray(instalmentPlans.batchId, ids)),
    db.select().from(instalments).where(inArray(instalments.batchId, ids)).orderBy(asc(instalments.position)),
    db
      .select({
        instalmentId: instalmentAmounts.instalmentId,
        feeHeadId: instalmentAmounts.feeHeadId,
        amountPaise: instalmentAmounts.amountPaise,
      })
      .from(instalmentAmounts)
      .innerJoin(instalments, eq(instalments.id, instalmentAmounts.instalmentId))
      .where(inArray(instalments.batchId, ids)),
  ]);

  const amountsOf = new Map<number, HeadAmount[]>();
  for (const a of amounts) {
    const list = amountsOf.get(a.instalmentId) ?? [];
    list.push({ feeHeadId: a.feeHeadId, amountPaise: a.amountPaise });
    amountsOf.set(a.instalmentId, list);
  }
  for (const batchId of ids) {
    const batchHeads = heads
      .filter((h) => h.batchId === batchId)
      .map(({ batchId: _, optional, ...h }) => ({ ...h, optional: optional === 1 }));
    const plan = plans.find((p) => p.batchId === batchId);
    if (!plan) {
      result.set(batchId, {
        batchId,
        hasPlan: false,
        version: 0,
        fineRule: NO_FINE,
        heads: batchHeads,
        instalments: virtualPlanInstalments(batchHeads),
      });
      continue;
    }
    const saved = rows
      .filter((r) => r.batchId === batchId)
      .map((r) => ({
        id: String(r.id),
        name: r.name,
        dueDate: r.dueDate,
        fineRule: fineRuleFromColumns(r),
        amounts: batchHeads.map((h) => ({
          feeHeadId: h.feeHeadId,
          amountPaise: amountsOf.get(r.id)?.find((a) => a.feeHeadId === h.feeHeadId)?.amountPaise ?? 0,
        })),
      }));
    result.set(batchId, {
      batchId,
      hasPlan: true,
      version: plan.version,
      fineRule: fineRuleFromColumns(plan) ?? NO_FINE,
      heads: batchHeads,
      instalments: sortedInstalments(saved),
    });
  }
  return result;
}

export async function loadBatchPlan(db: Reader, batchId: number): Promise<BatchPlan> {
  return (await loadBatchPlans(db, [batchId])).get(batchId)!;
}

export interface PlanToSave {
  batchId: number;
  fineRule: FineRule;
  instalments: Array<{ id?: number; name: string; dueDate: string; fineRule: FineRule | null; amounts: HeadAmount[] }>;
  userId: number | null;
}

/**
 * Writes a batch's plan: instalments sent with an id keep it (REST clients see stable ids), the
 * others are new, those not sent are deleted. Positions follow the due dates. The version goes up.
 */
export async function writeBatchPlan(tx: WriteTx, plan: PlanToSave): Promise<void> {
  const existing = (
    await tx
      .select({ version: instalmentPlans.version })
      .from(instalmentPlans)
      .where(eq(instalmentPlans.batchId, plan.batchId))
      .limit(1)
  )[0];
  const planRow = { ...fineRuleColumns(plan.fineRule), updatedBy: plan.userId, updatedAt: timestampNow() };
  if (existing) {
    await tx
      .update(instalmentPlans)
      .set({ ...planRow, version: existing.version + 1 })
      .where(eq(instalmentPlans.batchId, plan.batchId));
  } else {
    await tx.insert(instalmentPlans).values({ batchId: plan.batchId, ...planRow });
  }
  const kept = plan.instalments.flatMap((i) => (i.id === undefined ? [] : [i.id]));
  const old = await tx.select({ id: instalments.id }).from(instalments).where(eq(instalments.batchId, plan.batchId));
  const gone = old.map((r) => r.id).filter((id) => !kept.includes(id));
  if (gone.length > 0) await tx.delete(instalments).where(inArray(instalments.id, gone));
  for (const [position, inst] of sortedInstalments(plan.instalments).entries()) {
    const row = { name: inst.name, dueDate: inst.dueDate, position, ...fineRuleColumns(inst.fineRule) };
    let id = inst.id;
    if (id === undefined) {
      id = (
        await tx
          .insert(instalments)
          .values({ batchId: plan.batchId, ...row })
          .returning({ id: instalments.id })
      )[0]!.id;
    } else {
      await tx.update(instalments).set(row).where(eq(instalments.id, id));
      await tx.delete(instalmentAmounts).where(eq(instalmentAmounts.instalmentId, id));
    }
    const instalmentId = id;
    const amounts = inst.amounts.map((a) => ({ instalmentId, feeHeadId: a.feeHeadId, amountPaise: a.amountPaise }));
    if (amounts.length > 0) await tx.insert(instalmentAmounts).values(amounts);
  }
}

/** Ids of a batch's saved instalments (to tell which ids a save may keep). */
export async function instalmentIdsOfBatch(db: Reader, batchId: number): Promise<number[]> {
  return (await db.select({ id: instalments.id }).from(instalments).where(eq(instalments.batchId, batchId))).map(
    (r) => r.id,
  );
}

export async function deleteBatchPlan(tx: WriteTx, batchId: number): Promise<boolean> {
  await tx.delete(instalments).where(eq(instalments.batchId, batchId));
  const deleted = await tx
    .delete(instalmentPlans)
    .where(eq(instalmentPlans.batchId, batchId))
    .returning({ batchId: instalmentPlans.batchId });
  return deleted.length > 0;
}

/**
 * Keeps a plan adding up when a head's structure amount changes by `deltaPaise`: an increase goes
 * to the head's last instalment; a decrease comes off the last one, and off the earlier ones
 * backwards when the last holds less. Call in the transaction that changes the structure.
 */
export async function moveStructureChangeIntoPlan(
  tx: WriteTx,
  params: { batchId: number; feeHeadId: number; deltaPaise: number },
): Promise<void> {
  const { batchId, feeHeadId, deltaPaise } = params;
  if (deltaPaise === 0) return;
  const rows = await tx
    .select({ id: instalments.id, dueDate: instalments.dueDate, position: instalments.position })
    .from(instalments)
    .where(eq(instalments.batchId, batchId))
    .orderBy(asc(instalments.position));
  if (rows.length === 0) return;
  const ordered = sortedInstalments(rows);
  const current = new Map(
    (
      await tx
        .select({ instalmentId: instalmentAmounts.instalmentId, amountPaise: instalmentAmounts.amountPaise })
        .from(instalmentAmounts)
        .where(
          and(
            inArray(
              instalmentAmounts.instalmentId,
              ordered.map((r) => r.id),
            ),
            eq(instalmentAmounts.feeHeadId, feeHeadId),
          ),
        )
    ).map((r) => [r.instalmentId, r.amountPaise]),
  );
  const set = (instalmentId: number, amountPaise: number) =>
    tx
      .insert(instalmentAmounts)
      .values({ instalmentId, feeHeadId, amountPaise })
      .onConflictDoUpdate({
        target: [instalmentAmounts.instalmentId, instalmentAmounts.feeHeadId],
        set: { amountPaise },
      });
  if (deltaPaise > 0) {
    const last = ordered[ordered.length - 1]!.id;
    await set(last, (current.get(last) ?? 0) + deltaPaise);
    return;
  }
  let left = -deltaPaise;
  for (let i = ordered.length - 1; i >= 0 && left > 0; i--) {
    const id = ordered[i]!.id;
    const have = current.get(id) ?? 0;
    const take = Math.min(have, left);
    if (take > 0) await set(id, have - take);
    left -= take;
  }
}

/** A head leaving a batch's structure leaves its plan too. */
export async function dropHeadFromPlan(tx: WriteTx, params: { batchId: number; feeHeadId: number }): Promise<void> {
  const ids = (
    await tx.select({ id: instalments.id }).from(instalments).where(eq(instalments.batchId, params.batchId))
  ).map((r) => r.id);
  if (ids.length === 0) return;
  await tx
    .delete(instalmentAmounts)
    .where(and(inArray(instalmentAmounts.instalmentId, ids), eq(instalmentAmounts.feeHeadId, params.feeHeadId)));
}

/** A student's fine waivers, oldest first, with who gave them and why (the statement lists them). */
export async function listFineWaivers(db: Reader, studentId: number) {
  return await db
    .select({
      id: fineWaivers.id,
      date: fineWaivers.date,
      amountPaise: fineWaivers.amountPaise,
      reason: fineWaivers.reason,
      byEmail: fineWaivers.createdByEmail,
    })
    .from(fineWaivers)
    .where(eq(fineWaivers.studentId, studentId))
    .orderBy(asc(fineWaivers.id));
}

export type DepartmentPayment = Pick<typeof departmentPaymentSettings.$inferSelect, 'upiId' | 'payeeName'>;

export async function getDepartmentPayment(db: Reader, departmentId: number): Promise<DepartmentPayment> {
  const row = (
    await db
      .select({ upiId: departmentPaymentSettings.upiId, payeeName: departmentPaymentSettings.payeeName })
      .from(departmentPaymentSettings)
      .where(eq(departmentPaymentSettings.departmentId, departmentId))
      .limit(1)
  )[0];
  return row ?? { upiId: null, payeeName: null };
}

export async function setDepartmentPayment(
  db: WriteTx,
  params: DepartmentPayment & { departmentId: number },
): Promise<void> {
  const { departmentId, ...payment } = params;
  const set = { ...payment, updatedAt: timestampNow() };
  await db
    .insert(departmentPaymentSettings)
    .values({ departmentId, ...payment })
    .onConflictDoUpdate({ target: departmentPaymentSettings.departmentId, set });
}
