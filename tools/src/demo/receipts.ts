import { type Database, findUserByEmail, receipts, studentFeeBalances, students, transaction } from '@fees/db';
import { DEPARTMENTS, type TReceiptPaymentMode } from '@fees/validation';
import { addDays } from '@fees/money';
import { demoReceiptTax } from './gst';
import { asc, count } from 'drizzle-orm';
import { today } from '@fees/server/config';
import { createReceipt, voidReceipt } from '@fees/server/receipts';
import { Random } from '@fees/validation/testing';

function daysAgo(days: number): string {
  return addDays(today(), -days);
}

const PARTICULARS = ['First instalment', 'Second instalment', 'Term 1', 'Term 2', 'Balance', '', '', 'Semester fee'];
const MODES: TReceiptPaymentMode[] = ['cash', 'cash', 'cash', 'cash', 'upi', 'upi', 'cheque', 'bank_transfer', 'card'];
const BANKS = ['State Bank of India', 'Canara Bank', 'Federal Bank', 'South Indian Bank', 'HDFC Bank'];

function referenceFor(mode: TReceiptPaymentMode, next: () => number): string | null {
  const digits = (n: number) => String(Math.floor(next() * 10 ** n)).padStart(n, '0');
  switch (mode) {
    case 'upi':
      return `UPI/${digits(12)}`;
    case 'cheque':
      return `CHQ ${digits(6)}`;
    case 'bank_transfer':
      return `NEFT N${digits(10)}`;
    case 'card':
      return `CARD XX${digits(4)}`;
    default:
      return null;
  }
}

interface Plan {
  studentId: number;
  departmentId: number;
  date: string;
  lines: number;
  share: number;
  mode: TReceiptPaymentMode;
  reference: string | null;
}

/**
 * For every student: 1 to 4 receipts over the last five months (some today), 1 to 3 fee lines each,
 * paying part of what is due; some by UPI, cheque, bank transfer or card with references; a couple
 * voided. Written in date order through the receipt service, so numbers, totals, balances and the
 * audit trail are exactly what the counter would have produced. Skipped when receipts exist.
 */
export async function loadDemoReceipts(db: Database): Promise<number> {
  if (((await db.select({ n: count() }).from(receipts).limit(1))[0]?.n ?? 0) > 0) return 0;
  // Seeded: the same students give the same receipts.
  const rng = new Random(20250601);
  const next = () => rng.next();
  const roster = await db
    .select({ id: students.id, departmentId: students.departmentId })
    .from(students)
    .orderBy(asc(students.id));
  const plans: Plan[] = [];
  for (const student of roster) {
    const howMany = 1 + Math.floor(next() * 4);
    for (let i = 0; i < howMany; i++) {
      const mode = MODES[Math.floor(next() * MODES.length)]!;
      plans.push({
        studentId: student.id,
        departmentId: student.departmentId,
        date: daysAgo(next() < 0.08 ? 0 : Math.floor(next() * 150)),
        lines: 1 + Math.floor(next() * 3),
        share: 0.25 + next() * 0.5,
        mode,
        reference: referenceFor(mode, next),
      });
    }
  }
  plans.sort((a, b) => a.date.localeCompare(b.date) || a.studentId - b.studentId);

  const actors = new Map<number, { userId: number | null; email: string }>();
  for (const d of DEPARTMENTS) {
    const user = await findUserByEmail(db, `${d.prefix}@demo.local`);
    actors.set(d.id, { userId: user?.id ?? null, email: user?.email ?? 'demo' });
  }

  // The loader writes for every department, as an admin may.
  const everyDepartment = { role: 'admin' as const, departmentIds: [] };
  let written = 0;
  await transaction(db, async (db) => {
    const created: Array<{ number: number; departmentId: number }> = [];
    for (const plan of plans) {
      const due = (await studentFeeBalances(db, plan.studentId)).filter((row) => row.balancePaise >= 100_00);
      if (due.length === 0) continue;
      const heads = due.slice(0, plan.lines);
      // Whole rupees, at least Rs 100, never more than the balance.
      const items = heads.map((row, i) => ({
        feeHeadId: row.feeHeadId,
        particulars: PARTICULARS[(plan.studentId + i) % PARTICULARS.length]!,
        amount: Math.min(
          row.balancePaise,
          Math.max(100_00, Math.round((row.balancePaise * plan.share) / 100_00) * 100_00),
        ),
      }));
      const total = items.reduce((sum, item) => sum + item.amount, 0);
      const tax = await demoReceiptTax(db, items);
      const actor = actors.get(plan.departmentId) ?? { userId: null, email: 'demo' };
      const receipt = await createReceipt(
        db,
        actor,
        {
          depId: plan.departmentId as (typeof DEPARTMENTS)[number]['id'],
          studentId: plan.studentId,
          date: plan.date,
          items,
          paymentMode: plan.mode,
          paymentReference: plan.reference,
          // A cheque names its bank, number and date (the cheque's number is the reference's digits).
          ...(plan.mode === 'cheque'
            ? {
                bank: BANKS[plan.studentId % BANKS.length],
                instrumentNo: plan.reference?.replace('CHQ ', ''),
                instrumentDate: plan.date,
              }
            : {}),
          total,
          tax,
          net: total + tax,
          confirm: true,
          allowOverpayment: false,
        },
        everyDepartment,
      );
      created.push({ number: receipt.number, departmentId: plan.departmentId });
      written++;
    }
    // A couple of voided receipts, as a counter sees after a mistake.
    for (const index of new Set([Math.floor(created.length / 3), Math.floor((created.length * 2) / 3)])) {
      const victim = created[index];
      if (victim)
        await voidReceipt(
          db,
          actors.get(victim.departmentId) ?? { userId: null, email: 'demo' },
          { number: victim.number, reason: 'Entered by mistake' },
          everyDepartment,
        );
    }
  });
  return written;
}
