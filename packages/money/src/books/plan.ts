import type { Voucher, VoucherType } from './types';

/** A voucher as sent in an earlier export. */
export interface SentVoucher extends Voucher {
  /** 0 for the first version sent under its key, then 1, 2... for each replacement after a change. */
  revision: number;
}

/** What an export sent, in order: a voucher (first version or replacement) or the reversal of one. */
export interface ExportLogEntry {
  kind: 'voucher' | 'reversal';
  voucher: SentVoucher;
}

export interface PlannedVoucher extends SentVoucher {
  kind: 'voucher' | 'reversal';
  /**
   * new: not sent before; repeat: sent before as it is now (only in a repeated export); reversal: undoes what was
   * sent under the key (voided, edited, or a head moved); replacement: the key's voucher as it is now, after a change.
   */
  reason: 'new' | 'repeat' | 'reversal' | 'replacement';
}

export interface ExportPlan {
  vouchers: PlannedVoucher[];
  /** Vouchers of the range that were sent before unchanged, left out unless `repeat`. */
  alreadySent: number;
}

/** The vouchers standing in the books after the log: each key's last version sent and not reversed since. */
export function standingVouchers(log: readonly ExportLogEntry[]): Map<string, SentVoucher> {
  const standing = new Map<string, SentVoucher>();
  for (const entry of log) {
    if (entry.kind === 'voucher') standing.set(entry.voucher.key, entry.voucher);
    else standing.delete(entry.voucher.key);
  }
  return standing;
}

/** How often a key was sent before: the next replacement's revision. */
function revisionsOf(log: readonly ExportLogEntry[]): Map<string, number> {
  const revisions = new Map<string, number>();
  for (const { kind, voucher } of log) if (kind === 'voucher') revisions.set(voucher.key, voucher.revision + 1);
  return revisions;
}

const REVERSED_TYPE: Record<VoucherType, VoucherType> = { Receipt: 'Payment', Payment: 'Receipt', Journal: 'Journal' };

function sameVoucher(a: Voucher, b: Voucher): boolean {
  return (
    a.date === b.date &&
    a.type === b.type &&
    a.entries.length === b.entries.length &&
    a.entries.every((e, i) => e.ledger === b.entries[i]!.ledger && e.amountPaise === b.entries[i]!.amountPaise)
  );
}

/** The voucher that undoes a sent one: its rows with the sides swapped, on its date, numbered after it. */
function reversalOf(sent: SentVoucher): PlannedVoucher {
  return {
    ...sent,
    kind: 'reversal',
    reason: 'reversal',
    type: REVERSED_TYPE[sent.type],
    number: `${sent.number}/REV`,
    narration: `Reversal: ${sent.narration}`,
    entries: [...sent.entries.filter((e) => e.amountPaise < 0), ...sent.entries.filter((e) => e.amountPaise > 0)].map(
      (e) => ({ ledger: e.ledger, amountPaise: -e.amountPaise }),
    ),
  };
}

/**
 * What an export sends, given the vouchers as they are now and the log of what was sent: the range's vouchers not
 * sent before; for every day already sent (the days of `current` outside the range, which the caller computed
 * again), a reversal of each voucher that changed or went away, the changed voucher again (numbered /1, /2...),
 * and vouchers new on those days. Vouchers sent before unchanged go again only when `repeat` (the accountant
 * confirmed a second export, say after a failed import). Nothing changed is ever sent twice otherwise, and the
 * books after the import equal the vouchers as they are now.
 */
export function planExport(params: {
  current: readonly Voucher[];
  log: readonly ExportLogEntry[];
  /** The days whose vouchers `current` holds in full: the range and the already sent days checked again. */
  days: ReadonlySet<string>;
  repeat: boolean;
}): ExportPlan {
  const standing = standingVouchers(params.log);
  const revisions = revisionsOf(params.log);
  const current = new Map(params.current.map((v) => [v.key, v]));
  const vouchers: PlannedVoucher[] = [];
  let alreadySent = 0;
  for (const sent of standing.values()) {
    if (!params.days.has(sent.date)) continue;
    const now = current.get(sent.key);
    if (!now || !sameVoucher(now, sent)) vouchers.push(reversalOf(sent));
  }
  for (const voucher of params.current) {
    const sent = standing.get(voucher.key);
    const revision = revisions.get(voucher.key) ?? 0;
    if (!sent) {
      const number = revision === 0 ? voucher.number : `${voucher.number}/${revision}`;
      vouchers.push({ ...voucher, number, revision, kind: 'voucher', reason: revision === 0 ? 'new' : 'replacement' });
    } else if (!sameVoucher(voucher, sent)) {
      const number = `${voucher.number}/${revision}`;
      vouchers.push({ ...voucher, number, revision, kind: 'voucher', reason: 'replacement' });
    } else {
      alreadySent += 1;
      if (params.repeat) vouchers.push({ ...sent, kind: 'voucher', reason: 'repeat' });
    }
  }
  vouchers.sort((a, b) => a.date.localeCompare(b.date));
  return { vouchers, alreadySent };
}
