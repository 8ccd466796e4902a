/**
 * pnpm bench:reminders [--db data/synthetic.sqlite] [--fresh [--students 50000 --years 10]] [--depId 105]
 *                      [--date yyyy-MM-dd]
 * Queues the reminders of the largest course (the school's 20,000 students) on a copy of a synthetic
 * foundation and prints the wall and CPU time of the preview and of the queuing. The foundation is
 * made (pnpm seed:synthetic's code) when the file is missing or with --fresh; an older one is copied and
 * the copy brought to today's migrations, as the server does at its start. The copy gets
 * a plan for each of the department's batches (its instalments as the fee structure gives them), a
 * reminder N days after the latest due date with N chosen so the run's date triggers it, and a guardian
 * for every student, every third pair of students sharing a mobile (siblings).
 */
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ensureTimeZone } from '@fees/server/config';

ensureTimeZone();
const {
  batchIdsOfDepartment,
  loadBatchPlans,
  openDatabase,
  insertQueuedMessages,
  pendingMigrationCount,
  prepareDatabase,
  reminderRules,
  studentContacts,
  students,
  transaction,
  writeBatchPlan,
} = await import('@fees/db');
const { localToday } = await import('@fees/validation');
const { daysBetween } = await import('@fees/money');
const { eq } = await import('drizzle-orm');
const { previewRun, queueRun, runMessagesOf } = await import('@fees/server/reminders');
const { positiveInteger, resolveFromInvocation } = await import('../cli');
const { seedSynthetic } = await import('../synthetic/seed');

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'data/synthetic.sqlite' },
    fresh: { type: 'boolean', default: false },
    students: { type: 'string' },
    years: { type: 'string' },
    depId: { type: 'string', default: '105' },
    date: { type: 'string' },
  },
});
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(2)} s`;
// CPU as well as wall time: on a machine shared with other work the wall time mostly measures the wait.
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return `${((used.user + used.system) / 1e6).toFixed(2)} s of CPU`;
};

const source = resolveFromInvocation(values.db);
if (values.fresh || !existsSync(source)) {
  const size = {
    students: positiveInteger('students', values.students, 50_000),
    years: positiveInteger('years', values.years, 10),
  };
  const why = values.fresh ? '--fresh' : 'missing';
  console.log(`Seeding ${size.students} students x ${size.years} years into ${source} (${why})`);
  const seeded = await seedSynthetic({ out: source, ...size, seed: 20_240_601, force: true });
  console.log(`  seeded in ${seeded.seconds.toFixed(1)} s: ${seeded.counts.receipts} receipts`);
}
const work = `${source}.reminders-work`;
for (const suffix of ['', '-wal', '-shm']) rmSync(`${work}${suffix}`, { force: true });
copyFileSync(source, work);
const db = openDatabase(work, { prepare: false });
const pending = pendingMigrationCount(db);
let t = performance.now();
prepareDatabase(db);
console.log(
  pending > 0
    ? `Copy of ${source} brought to today's migrations (${pending} applied in ${seconds(t)})`
    : `Copy of ${source}: at today's migrations`,
);
const depId = Number(values.depId) as 105;
const date = values.date ?? localToday();

const batchIds = await batchIdsOfDepartment(db, depId);
const plans = await loadBatchPlans(db, batchIds);
await transaction(db, async (tx) => {
  for (const [batchId, plan] of plans) {
    const due = plan.instalments.filter((i) => i.dueDate <= date);
    if (due.length === 0) continue;
    await writeBatchPlan(tx, {
      batchId,
      fineRule: { type: 'fixed', amountPaise: 100_00, graceDays: 0 },
      instalments: plan.instalments.map((i) => ({
        name: i.name,
        dueDate: i.dueDate,
        fineRule: null,
        amounts: i.amounts,
      })),
      userId: null,
    });
    const last = due.at(-1)!.dueDate;
    await tx.insert(reminderRules).values([
      { batchId, stage: 'before', enabled: 0, days: 3 },
      { batchId, stage: 'on', enabled: 0, days: 0 },
      { batchId, stage: 'after', enabled: 1, days: daysBetween(last, date) },
    ]);
  }
  const ids = (await tx.select({ id: students.id }).from(students).where(eq(students.departmentId, depId))).map(
    (s) => s.id,
  );
  const rows = ids.map((studentId, k) => {
    // Students k and k+1 of every third pair share their mother's mobile: one family.
    const family = k % 6 === 1 ? k - 1 : k;
    const mobile = `+9198${String(10_000_000 + family).padStart(8, '0')}`;
    return {
      studentId,
      position: 1,
      name: `Guardian ${family}`,
      relation: 'Mother',
      mobile,
      email: k % 2 === 0 ? `guardian${family}@example.org` : null,
      whatsapp: k % 3 === 0 ? 1 : 0,
      remindersOptOut: k % 50 === 0 ? 1 : 0,
    };
  });
  for (let k = 0; k < rows.length; k += 1000) await tx.insert(studentContacts).values(rows.slice(k, k + 1000));
  console.log(`Department ${depId}: ${plans.size} batches, ${ids.length} students with a guardian; run of ${date}`);
});

const channels = ['email', 'sms', 'whatsapp'] as const;
t = performance.now();
let cpu = process.cpuUsage();
const preview = await previewRun(db, { depId, date }, channels);
console.log(
  `Preview: ${preview.families} families, ${preview.channels.map((c) => `${c.messages} ${c.channel}`).join(', ')} ` +
    `in ${seconds(t)} (${cpuSeconds(cpu)})`,
);
t = performance.now();
cpu = process.cpuUsage();
const { families, list } = await runMessagesOf(db, { depId, date }, channels);
const planned = seconds(t);
const t2 = performance.now();
const added = await insertQueuedMessages(db, list);
console.log(
  `Queue: ${added} messages for ${families} families in ${seconds(t)}, ${cpuSeconds(cpu)} ` +
    `(dues, families and texts ${planned}, inserts ${seconds(t2)})`,
);
t = performance.now();
cpu = process.cpuUsage();
const again = await queueRun(db, { depId, date }, channels);
console.log(`Queue again (adds ${again.queued}): ${seconds(t)}, ${cpuSeconds(cpu)}`);
db.$client.close();
for (const suffix of ['', '-wal', '-shm']) rmSync(`${work}${suffix}`, { force: true });
