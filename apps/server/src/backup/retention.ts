/**
 * Which automatic backups to keep: the newest good one of each of the last N days, weeks (Monday to
 * Sunday) and months that have one, in local time, like restic's --keep-daily/weekly/monthly. A file
 * is removed only when a newer good backup exists: nothing goes while there is no good backup, and a
 * failed one newer than the last good one stays for the admin to see.
 */
import { isoDate } from '@fees/validation';

export interface Keep {
  daily: number;
  weekly: number;
  monthly: number;
}

export const DEFAULT_KEEP: Keep = { daily: 14, weekly: 8, monthly: 12 };

export interface RetainedBackup {
  file: string;
  /** When it was taken (ISO timestamp). */
  takenAt: string;
  good: boolean;
}

/** The Monday that starts this date's week. */
function weekOf(d: Date): string {
  const monday = new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7));
  return isoDate(monday);
}

const PERIODS: Array<[keyof Keep, (d: Date) => string]> = [
  ['daily', isoDate],
  ['weekly', weekOf],
  ['monthly', (d) => isoDate(d).slice(0, 7)],
];

/** The files to remove, given every backup in the folder. */
export function backupsToRemove(backups: readonly RetainedBackup[], keep: Keep): string[] {
  const good = backups.filter((b) => b.good).sort((a, b) => b.takenAt.localeCompare(a.takenAt));
  const newestGood = good[0];
  if (!newestGood) return [];
  const kept = new Set<string>();
  for (const [period, keyOf] of PERIODS) {
    const periods = new Set<string>();
    for (const backup of good) {
      const key = keyOf(new Date(backup.takenAt));
      if (periods.has(key)) continue;
      if (periods.size >= keep[period]) break;
      periods.add(key);
      kept.add(backup.file);
    }
  }
  return backups.filter((b) => !kept.has(b.file) && b.takenAt < newestGood.takenAt).map((b) => b.file);
}

/** BACKUP_KEEP: "14d,8w,12m" (any of the three; the others keep their default). */
export function parseKeep(text: string | undefined): Keep {
  const keep = { ...DEFAULT_KEEP };
  if (!text) return keep;
  const names = { d: 'daily', w: 'weekly', m: 'monthly' } as const;
  for (const part of text.split(',')) {
    const match = /^\s*(\d+)\s*([dwm])\s*$/.exec(part);
    if (!match) throw new Error(`BACKUP_KEEP must look like 14d,8w,12m (days, weeks, months); got "${text}"`);
    keep[names[match[2] as 'd' | 'w' | 'm']] = Number(match[1]);
  }
  if (keep.daily < 1) throw new Error('BACKUP_KEEP must keep at least one daily backup');
  return keep;
}
