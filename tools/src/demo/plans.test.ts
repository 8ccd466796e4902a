import {
  auditLog,
  batchDuesAsOf,
  batches,
  fineWaivers,
  getDepartmentPayment,
  loadBatchPlan,
  studentFeeTotals,
} from '@fees/db';
import { createTestDatabase } from '@fees/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadDemoAcademics } from './academics';
import { today } from '@fees/server/config';
import { loadDemoPlanPayments, loadDemoPlans, loadDemoWaiver } from './plans';
import { loadDemoReceipts } from './receipts';

describe('demo plans', () => {
  it('gives every batch a plan that adds up, every fine rule type, a UPI ID per department, students on time, late, partly and unpaid, and one waiver', async () => {
    const db = createTestDatabase();
    await loadDemoAcademics(db);
    const made = await loadDemoPlans(db);
    const all = await db.select().from(batches);
    expect(made).toBe(all.length);
    const types = new Set<string>();
    for (const batch of all) {
      const plan = await loadBatchPlan(db, batch.id);
      expect(plan.hasPlan).toBe(true);
      types.add(plan.fineRule.type);
      for (const inst of plan.instalments) if (inst.fineRule) types.add(inst.fineRule.type);
      for (const head of plan.heads) {
        const sum = plan.instalments.reduce(
          (s, i) => s + (i.amounts.find((a) => a.feeHeadId === head.feeHeadId)?.amountPaise ?? 0),
          0,
        );
        expect(sum).toBe(head.amountPaise);
      }
      if (batch.departmentId === 105) expect(plan.instalments).toHaveLength(10);
    }
    expect([...types].sort()).toEqual(['fixed', 'none', 'per_day', 'percent']);
    expect((await getDepartmentPayment(db, 105)).upiId).toBe('englishschool@federal');

    await loadDemoReceipts(db);
    expect(await loadDemoPlanPayments(db)).toBeGreaterThan(0);
    const kinds = new Set<string>();
    for (const batch of all) {
      for (const s of await batchDuesAsOf(db, { batchId: batch.id, asOf: today() })) {
        for (const i of s.dues.instalments) {
          kinds.add(i.outstanding <= 0 ? (i.daysLate > 0 ? 'late' : 'on time') : i.paid > 0 ? 'partly' : 'unpaid');
        }
      }
    }
    expect([...kinds].sort()).toEqual(['late', 'on time', 'partly', 'unpaid']);
    // The instalment view agrees with the balances: as of a far future date, outstanding = fee - discount - paid.
    for (const batch of all) {
      for (const s of await batchDuesAsOf(db, { batchId: batch.id, asOf: '2099-12-31' })) {
        expect(s.dues.outstanding).toBe((await studentFeeTotals(db, s.studentId)).balancePaise);
      }
    }
    expect(await loadDemoWaiver(db)).toBe(true);
    expect(await db.select().from(fineWaivers)).toHaveLength(1);
    expect(await db.select().from(auditLog).where(eq(auditLog.entity, 'fine_waiver'))).toHaveLength(1);
    expect(await loadDemoPlans(db)).toBe(0);
    expect(await loadDemoWaiver(db)).toBe(false);
  });
});
