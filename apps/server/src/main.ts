import { hostname } from 'node:os';
import { ensureTimeZone, readConfig, serverNames, writeOrigins } from './config';

ensureTimeZone();

const { failStart, openDatabaseForStart, openPostgresForStart } = await import('./database-start');
const { buildApp } = await import('./app');
const { closePostgres, describePostgresUrl, isPostgres } = await import('@fees/db');
const { ensureFirstAdmin } = await import('./bootstrap');
const { LoginLimiter } = await import('./auth/login-limiter');
const { sweepIdempotencyKeys } = await import('./idempotency');
const { Backups, prepareWithBackup, validateSchedule } = await import('./backup/automatic');
const { specialHeadStructureWarnings } = await import('./domain/fees/special-heads');
const { channelNames, channelsFromConfig, useChannels } = await import('./domain/messages/channels');
const { MessageWorker } = await import('./domain/messages/worker');
const { DocumentDrawer } = await import('./documents/document-drawer');
const { PaymentPoller } = await import('./domain/payments/poll');
const { RazorpayGateway } = await import('./domain/payments/razorpay');
const { RequestLoad } = await import('./busy');
const { recheckRemindersAtSendTime } = await import('./domain/messages/reminders');
const { startDailyRuns } = await import('./domain/messages/daily');

const config = readConfig();
validateSchedule(config.backup.schedule);
const startedAt = performance.now();
const db = config.databaseUrl
  ? await openPostgresForStart(config.databaseUrl)
  : openDatabaseForStart(config.databasePath);
// Automatic backups copy the SQLite file; PostgreSQL has its own tools (README "Running on PostgreSQL").
const backups = config.databaseUrl ? null : new Backups(db, config.backup);
const preMigrationBackup = backups
  ? await prepareWithBackup(db, backups).catch((error: unknown) => failStart(config.databasePath, error))
  : null;
const firstAdmin = await ensureFirstAdmin(db, config);
// Messages are written for the configured channels only; with none, nothing is queued or sent.
const channels = channelsFromConfig(config.messaging);
useChannels(channels);
// Online payments through Razorpay when its keys are set; PUBLIC_URL, if any, is where payers come back to.
const payments = config.razorpay
  ? { gateway: new RazorpayGateway(config.razorpay), returnOrigin: config.publicUrl ?? null }
  : undefined;
const loginLimiter = new LoginLimiter();
// The limiter's rows expire with their window; deleting them on a timer keeps the table small.
setInterval(() => void loginLimiter.sweep(db), 60_000).unref();
// Idempotency keys outlive their day by at most this timer's ten minutes.
setInterval(() => void sweepIdempotencyKeys(db), 600_000).unref();
const requestLoad = new RequestLoad();
// The drawing thread of the PDFs staff and families download; the message worker draws its own at background priority.
const drawer = new DocumentDrawer();
drawer.warm();
const app = await buildApp({
  requestLoad,
  deps: {
    db,
    loginLimiter,
    secureCookies: config.secureCookies,
    allowedOrigins: writeOrigins(config),
    serverNames: serverNames(config),
    backups: backups ?? undefined,
    publicUrl: config.publicUrl,
    messaging: config.messaging,
    payments,
    drawer,
  },
  webRoot: config.webRoot,
  logger: { level: config.logLevel },
  trustProxy: config.trustProxy,
});
await app.listen({ port: config.port, host: config.host });
// The port listened on, which PORT=0 leaves to the system (the tests' servers start that way).
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;

const database = config.databaseUrl
  ? `PostgreSQL ${describePostgresUrl(config.databaseUrl)}`
  : `SQLite ${config.databasePath}`;
const readyMs = Math.round(performance.now() - startedAt);
const schedule = config.backup.schedule ? `schedule ${config.backup.schedule}` : 'no schedule';
const copiedTo = config.backup.copyTo ? `, copied to ${config.backup.copyTo}` : '';
const lines = [
  `Fee management is running at http://${config.host}:${port}`,
  `Database: ${database} (ready in ${readyMs} ms)`,
  backups
    ? `Backups: ${config.backup.dir} (${schedule}${copiedTo})`
    : 'Backups: none automatic on PostgreSQL (pg_dump, or continuous archiving and replicas)',
];
if (preMigrationBackup)
  lines.push(`Backup before migrations: ${preMigrationBackup.file} (pnpm restore it if this upgrade goes wrong)`);
if (firstAdmin) {
  lines.push(`Admin sign-in: ${firstAdmin.email} / ${firstAdmin.password}`);
  if (firstAdmin.generated) lines.push('  (generated now and shown only this once: write it down or change it)');
} else {
  lines.push('Admin sign-in: the admin account already in this database (forgotten? pnpm reset-password <email>)');
}
lines.push(
  channels.length > 0
    ? `Messages: ${channels.map((c) => c.description).join(', ')}`
    : 'Messages: no channel configured (SMTP_URL for e-mail), none are sent',
);
lines.push(
  payments
    ? `Online payments: ${payments.gateway.label}, open links polled every 5 minutes` +
        (config.razorpay?.webhookSecret
          ? ', webhook at /webhooks/razorpay'
          : ' (no RAZORPAY_WEBHOOK_SECRET: no webhook)')
    : 'Online payments: off (RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET turn them on)',
);
console.log(lines.join('\n'));
// Rows older versions let in: reported, never dropped (the admin dashboard shows them too).
for (const warning of await specialHeadStructureWarnings(db)) console.warn(`Warning: ${warning}`);
// After listening: /healthz answers meanwhile, /readyz once this first check is done.
void backups?.start(app.log);
const worker =
  channels.length > 0
    ? new MessageWorker(db, {
        channels,
        origin: config.publicUrl ?? `http://${config.host}:${port}`,
        publicUrl: config.publicUrl,
        onError: (error) => app.log.error({ err: error }, 'message worker'),
        busy: () => requestLoad.busy(),
      })
    : null;
// A reminder is checked again when it is sent: paid meanwhile, it is cancelled; else the dues of that day.
recheckRemindersAtSendTime();
worker?.start();
// Open payment links asked of the gateway every five minutes, each link claimed by one server at a time.
const poller = payments
  ? new PaymentPoller(db, payments.gateway, (error) => app.log.error({ err: error }, 'payment links poll'))
  : null;
poller?.start();
// The day's reminders and the management's summary, claimed once a day among the servers.
const dailyRuns = startDailyRuns({
  db,
  server: `${hostname()}:${process.pid}`,
  publicUrl: config.publicUrl,
  channels: channelNames,
  log: { info: (line) => app.log.info(line), error: (line) => app.log.error(line) },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // Not awaited on purpose: the process exits in finally whether the closing worked or not.
    dailyRuns.stop();
    void Promise.all([backups?.stop(), worker?.stop(), poller?.stop(), app.close()])
      .then(() => drawer.close())
      .then(async () => {
        if (isPostgres(db)) await closePostgres(db);
        else db.$client.close();
      })
      .finally(() => process.exit(0));
  });
}
