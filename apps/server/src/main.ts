import { ensureTimeZone, readConfig } from './config';

ensureTimeZone();

const { openDatabase } = await import('@fees/db');
const { buildApp } = await import('./app');
const { ensureFirstAdmin } = await import('./bootstrap');
const { LoginLimiter } = await import('./auth/login-limiter');
const { loadDemoData } = await import('./demo');

const config = readConfig();
const startedAt = performance.now();
const db = openDatabase(config.databasePath);
const firstAdmin = await ensureFirstAdmin(db, config);
const demoAccounts = config.demo ? await loadDemoData(db) : [];
const loginLimiter = new LoginLimiter();
// The limiter's rows expire with their window; deleting them on a timer keeps the table small.
setInterval(() => loginLimiter.sweep(db), 60_000).unref();
const app = await buildApp({
  deps: { db, loginLimiter, secureCookies: config.secureCookies },
  webRoot: config.webRoot,
  logger: { level: config.logLevel },
});
await app.listen({ port: config.port, host: config.host });

const lines = [
  `Fee management is running at http://${config.host}:${config.port}`,
  `Database: ${config.databasePath} (ready in ${Math.round(performance.now() - startedAt)} ms)`,
];
if (firstAdmin) {
  lines.push(`Admin sign-in: ${firstAdmin.email} / ${firstAdmin.password}`);
  if (firstAdmin.generated) lines.push('  (generated now and shown only this once: write it down or change it)');
} else {
  lines.push('Admin sign-in: the admin account already in this database (forgotten? pnpm reset-password <email>)');
}
for (const account of demoAccounts) lines.push(`Demo ${account.label}: ${account.email} / ${account.password}`);
console.log(lines.join('\n'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().finally(() => {
      db.$client.close();
      process.exit(0);
    });
  });
}
