import { closePostgres, duesReport, openPostgres, studentFeeInfoReport } from '@fees/db';
const db = await openPostgres('postgres://postgres@127.0.0.1:55450/fees_bench', { prepare: false });
for (let i = 0; i < 5; i++) {
  let t = performance.now();
  await duesReport(db, { depId: 105, courseId: 6000, limit: 1000 });
  const d = performance.now() - t;
  t = performance.now();
  await studentFeeInfoReport(db, { depId: 105, courseId: 6000, limit: 1000 });
  console.log('dues', d.toFixed(1), 'sfi', (performance.now() - t).toFixed(1));
}
await closePostgres(db);
