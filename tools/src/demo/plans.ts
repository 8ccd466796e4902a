/**
 * Demo fee plans: every batch gets an instalment plan over its academic year, monthly
 * for the school and terms or semesters for the colleges, with every fine rule type somewhere; each
 * department gets a UPI ID. After the receipts, instalment payers on time and late, and one
 * student's fine partly waived. Skipped when plans exist.
 */
import {
  batchDuesAsOf,
  batches,
  type Database,
  fineWaivers,
  instalmentPlans,
  loadBatchPlan,
  setDepartmentPayment,
  studentFeeBalances,
  transaction,
  writeAudit,
  writeBatchPlan,
} from '@fees/db';
import { calendarDate, DEPARTMENTS, type DepartmentId } from '@fees/validation';
import { addDays, addMonths, equalInstalments, type FineRule, type PlanInstalment, percentSplit } from '@fees/money';
import { asc, count, eq } from 'drizzle-orm';
import { today } from '@fees/server/config';
import { createReceipt } from '@fees/server/receipts';
import { Random } from '@fees/validation/testing';
import { demoReceiptTax } from './gst';

const UPI: Record<number, [string, string]> = {
  100: ['artscollege.ug@sbi', 'Arts and Science College'],
  101: ['artscollege.pg@sbi', 'Arts and Science College'],
  102: ['healthinstitute@federal', 'Institute of Health Sciences'],
  103: ['teachered@canara', 'Teacher Education Institute'],
  104: ['bedcollege@sbi', 'College of Education'],
  105: ['englishschool@federal', 'English Medium School'],
};

/**
 * Per department: how its year is split and the fine it charges. A due day past a month's end (the 30th of
 * February) is that month's last day (calendarDate).
 */
export function demoPlanFor(
  departmentId: number,
  heads: Array<{ feeHeadId: number; amountPaise: number }>,
  yearStart: string,
): { fineRule: FineRule; instalments: PlanInstalment[] } {
  const on = (months: number, day: number) => {
    const [year, month] = addMonths(yearStart, months).split('-').map(Number) as [number, number];
    return calendarDate(year, month, day);
  };
  switch (departmentId) {
    case 105: // the school: ten monthly instalments, June to March, due on the 10th
      return {
        fineRule: { type: 'per_day', perDayPaise: 10_00, capPaise: 300_00, graceDays: 5 },
        instalments: equalInstalments(heads, { count: 10, everyMonths: 1, firstDueDate: on(0, 10) }),
      };
    case 100: // UG: two semesters
      return {
        fineRule: { type: 'percent', percentBasisPoints: 200, graceDays: 10 },
        instalments: percentSplit(heads, {
          percents: [50, 50],
          dueDates: [on(0, 20), on(5, 20)],
          names: ['Semester 1', 'Semester 2'],
        }),
      };
    case 101: // PG: two semesters
      return {
        fineRule: { type: 'fixed', amountPaise: 250_00, graceDays: 7 },
        instalments: percentSplit(heads, {
          percents: [60, 40],
          dueDates: [on(0, 25), on(6, 5)],
          names: ['Semester 1', 'Semester 2'],
        }),
      };
    case 102: // Health inspector diploma: three terms
      return {
        fineRule: { type: 'per_day', perDayPaise: 5_00, capPaise: 500_00, graceDays: 0 },
        instalments: percentSplit(heads, {
          percents: [40, 30, 30],
          dueDates: [on(0, 15), on(4, 15), on(8, 15)],
          names: ['Term 1', 'Term 2', 'Term 3'],
        }),
      };
    case 103: // D.El.Ed: three terms, no fine
      return {
        fineRule: { type: 'none' },
        instalments: percentSplit(heads, {
          percents: [40, 30, 30],
          dueDates: [on(0, 30), on(4, 30), on(8, 30)],
          names: ['Term 1', 'Term 2', 'Term 3'],
        }),
      };
    default: {
      // B.Ed: two semesters; the second with a percent fine of its own
      const instalments = percentSplit(heads, {
        percents: [50, 50],
        dueDates: [on(0, 30), on(6, 15)],
        names: ['Semester 1', 'Semester 2'],
      });
      instalments[1]!.fineRule = { type: 'percent', percentBasisPoints: 150, graceDays: 15 };
      return { fineRule: { type: 'fixed', amountPaise: 200_00, graceDays: 10 }, instalments };
    }
  }
}

export async function loadDemoPlans(db: Database): Promise<number> {
  if (((await db.select({ n: count() }).from(instalmentPlans).limit(1))[0]?.n ?? 0) > 0) return 0;
  return transaction(db, async (tx) => {
    for (const d of DEPARTMENTS) {
      const [upiId, payeeName] = UPI[d.id]!;
      await setDepartmentPayment(tx, { departmentId: d.id, upiId, payeeName });
    }
    let made = 0;
    for (const batch of await tx.select().from(batches).orderBy(asc(batches.id))) {
      const { heads } = await loadBatchPlan(tx, batch.id);
      if (heads.length === 0) continue;
      const yearStart = heads.map((h) => h.startDate).sort()[0]!;
      const plan = demoPlanFor(batch.departmentId, heads, yearStart);
      const instalments = plan.instalments.map(({ id: _, ...inst }) => inst);
      await writeBatchPlan(tx, { batchId: batch.id, fineRule: plan.fineRule, instalments, userId: null });
      made++;
    }
    await writeAudit(tx, {
      actor: { userId: null, email: 'demo' },
      action: 'import',
      entity: 'demo_plans',
      after: { plans: made },
    });
    return made;
  });
}

/**
 * Instalment payers on top of the random receipts: per batch, about 30% of the students paid their
 * first instalment in full before it was due, about 15% paid it late, so the demo has students on
 * time, late, partly paid and unpaid. Whole heads, never beyond a head's balance.
 */
export async function loadDemoPlanPayments(db: Database): Promise<number> {
  const day = today();
  const everyDepartment = { role: 'admin' as const, departmentIds: [] };
  let written = 0;
  await transaction(db, async (db) => {
    for (const batch of await db.select().from(batches).orderBy(asc(batches.id))) {
      const rand = new Random(batch.id * 7919);
      const plan = await loadBatchPlan(db, batch.id);
      const first = plan.instalments[0];
      if (!plan.hasPlan || !first || addDays(first.dueDate, 25) > day) continue;
      const grace =
        (first.fineRule ?? plan.fineRule).type === 'none'
          ? 0
          : ((first.fineRule ?? plan.fineRule) as { graceDays: number }).graceDays;
      for (const student of await batchDuesAsOf(db, { batchId: batch.id, asOf: day, plan })) {
        const roll = rand.next();
        if (roll >= 0.45) continue;
        const date =
          roll < 0.3
            ? addDays(first.dueDate, -rand.int(0, 5))
            : [addDays(first.dueDate, grace + rand.int(3, 20)), day].sort()[0]!;
        const balances = new Map(
          (await studentFeeBalances(db, student.studentId)).map((b) => [b.feeHeadId, b.balancePaise]),
        );
        const items = student.dues.cells[0]!.heads.map((h) => ({
          feeHeadId: h.feeHeadId,
          particulars: first.name,
          amount: Math.min(h.amountPaise - h.concessionPaise, balances.get(h.feeHeadId) ?? 0),
        })).filter((i) => i.amount > 0);
        const total = items.reduce((sum, i) => sum + i.amount, 0);
        if (total === 0) continue;
        const tax = await demoReceiptTax(db, items);
        await createReceipt(
          db,
          { userId: null, email: 'demo' },
          {
            depId: batch.departmentId as DepartmentId,
            studentId: student.studentId,
            date,
            items,
            paymentMode: 'upi',
            paymentReference: `UPI/${rand.int(100000, 999999)}${rand.int(100000, 999999)}`,
            total,
            tax,
            net: total + tax,
            confirm: true,
            allowOverpayment: false,
          },
          everyDepartment,
        );
        written++;
      }
    }
  });
  return written;
}

/** One waiver: half the fine of the school's first student with a fine outstanding today. */
export async function loadDemoWaiver(db: Database): Promise<boolean> {
  if (((await db.select({ n: count() }).from(fineWaivers).limit(1))[0]?.n ?? 0) > 0) return false;
  const day = today();
  for (const batch of await db.select().from(batches).where(eq(batches.departmentId, 105)).orderBy(asc(batches.id))) {
    const student = (await batchDuesAsOf(db, { batchId: batch.id, asOf: day })).find(
      (s) => s.dues.fine.outstanding >= 2_00,
    );
    if (!student) continue;
    const amountPaise = Math.floor(student.dues.fine.outstanding / 200) * 100;
    await transaction(db, async (tx) => {
      const row = (
        await tx
          .insert(fineWaivers)
          .values({
            studentId: student.studentId,
            amountPaise,
            reason: 'Hospitalised during the due month',
            date: day,
            createdByEmail: 'demo',
          })
          .returning()
      )[0]!;
      await writeAudit(tx, {
        actor: { userId: null, email: 'demo' },
        action: 'create',
        entity: 'fine_waiver',
        entityId: row.id,
        after: row,
      });
    });
    return true;
  }
  return false;
}
