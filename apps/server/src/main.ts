import { ensureTimeZone, readConfig } from './config';

ensureTimeZone();

const { failStart, openDatabaseForStart } = await import('./database-start');
const { buildApp } = await import('./app');
const { ensureFirstAdmin } = await import('./bootstrap');
const { LoginLimiter } = await import('./auth/login-limiter');
const { Backups, prepareWithBackup, validateSchedule } = await import('./backup/automatic');

const config = readConfig();
validateSchedule(config.backup.schedule);
const startedAt = performance.now();
const db = openDatabaseForStart(config.databasePath);
const backups = new Backups(db, config.backup);
const preMigrationBackup = await prepareWithBackup(db, backups).catch((error: unknown) => failStart(config.databasePath, error));
const firstAdmin = await ensureFirstAdmin(db, config);
const loginLimiter = new LoginLimiter();
// The limiter's rows expire with their window; deleting them on a timer keeps the table small.
setInterval(() => loginLimiter.sweep(db), 60_000).unref();
const app = await buildApp({
  deps: {
    db,
    loginLimiter,
    secureCookies: config.secureCookies,
    allowedOrigins: config.allowedOrigins,
    backups,
  },
  webRoot: config.webRoot,
  logger: { level: config.logLevel },
  trustProxy: config.trustProxy,
});
await app.listen({ port: config.port, host: config.host });

const lines = [
  `Fee management is running at http://${config.host}:${config.port}`,
  `Database: ${config.databasePath} (ready in ${Math.round(performance.now() - startedAt)} ms)`,
  `Backups: ${config.backup.dir} (${config.backup.schedule ? `schedule ${config.backup.schedule}` : 'no schedule'}${config.backup.copyTo ? `, copied to ${config.backup.copyTo}` : ''})`,
];
if (preMigrationBackup) lines.push(`Backup before migrations: ${preMigrationBackup.file} (pnpm restore it if this upgrade goes wrong)`);
if (firstAdmin) {
  lines.push(`Admin sign-in: ${firstAdmin.email} / ${firstAdmin.password}`);
  if (firstAdmin.generated) lines.push('  (generated now and shown only this once: write it down or change it)');
} else {
  lines.push('Admin sign-in: the admin account already in this database (forgotten? pnpm reset-password <email>)');
}
console.log(lines.join('\n'));
// After listening: /healthz answers meanwhile, /readyz once this first check is done.
void backups.start(app.log);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    Promise.all([backups.stop(), app.close()]).finally(() => {
      db.$client.close();
      process.exit(0);
    });
  });
}
