import { claimMessageRun, type Database, finishMessageRun, readMessageSettings, type MessageChannel } from '@fees/db';
import { clockTime, DEPARTMENTS, localToday } from '@fees/validation';
import { queueRun } from './reminders';
import { queueDailySummary } from './summary';

/**
 * The day's automatic runs, started by a timer in every server: the reminders of every department once
 * the sending window opens, the management's summary at its time. Each is claimed once for the day
 * (a row of message_runs), so of several servers one runs it.
 */
export interface DailyRunDeps {
  db: Database;
  /** This server's name in the claim (host and process). */
  server: string;
  publicUrl: string | undefined;
  /** The channels configured now. */
  channels: () => readonly MessageChannel[];
  log: { info: (msg: string) => void; error: (msg: string) => void };
}

/** One look at the clock: runs what is due and not yet claimed today. Answers what it ran. */
export async function dailyTick(deps: DailyRunDeps, now: Date = new Date()): Promise<string[]> {
  const settings = await readMessageSettings(deps.db);
  const today = localToday(now);
  const time = clockTime(now);
  const ran: string[] = [];
  if (time >= settings.quietHoursStart && time < settings.quietHoursEnd) {
    if (await claimMessageRun(deps.db, { kind: 'reminders', day: today, server: deps.server })) {
      const outcome = await runAll(deps, async () => {
        let queued = 0;
        for (const d of DEPARTMENTS)
          queued += (await queueRun(deps.db, { depId: d.id, date: today }, deps.channels())).queued;
        return `${queued} reminders queued`;
      });
      await finishMessageRun(deps.db, { kind: 'reminders', day: today, outcome });
      ran.push(`reminders: ${outcome}`);
    }
  }
  if (time >= settings.summaryTime && settings.summaryRecipients.trim() !== '') {
    if (await claimMessageRun(deps.db, { kind: 'summary', day: today, server: deps.server })) {
      const outcome = await runAll(deps, async () => {
        const queued = await queueDailySummary(deps.db, { today, publicUrl: deps.publicUrl });
        return `${queued} summaries queued`;
      });
      await finishMessageRun(deps.db, { kind: 'summary', day: today, outcome });
      ran.push(`summary: ${outcome}`);
    }
  }
  for (const line of ran) deps.log.info(`Daily messages: ${line}`);
  return ran;
}

async function runAll(deps: DailyRunDeps, work: () => Promise<string>): Promise<string> {
  try {
    return await work();
  } catch (error) {
    const reason = `failed: ${error instanceof Error ? error.message : String(error)}`;
    deps.log.error(`Daily messages ${reason}`);
    return reason;
  }
}

/** Looks at the clock every minute; `stop` ends it. */
export function startDailyRuns(deps: DailyRunDeps, everyMs = 60_000): { stop: () => void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void dailyTick(deps)
      .catch((error: unknown) => deps.log.error(`Daily messages: ${String(error)}`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
