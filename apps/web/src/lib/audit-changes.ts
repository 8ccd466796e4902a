import { formatDate, formatInstant } from './dates';
import { formatRupees } from './money';

/** One field of an audit entry: its value before and after, formatted for reading. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

/** What an audit entry's ids stand for, by id: the screens pass what they have read. */
export interface AuditNames {
  feeHeads?: ReadonlyMap<number, string>;
  schemes?: ReadonlyMap<number, string>;
  users?: ReadonlyMap<number, string>;
}

type Flat = Map<string, unknown>;

/** Which list names the id a field holds, from the field's last part (lines.0.feeHeadId, lateFeeHeadId). */
function namedBy(path: string): keyof AuditNames | null {
  const key = path.split('.').at(-1) ?? '';
  if (/headId$/i.test(key)) return 'feeHeads';
  if (/schemeId$/i.test(key)) return 'schemes';
  if (/userId$/i.test(key)) return 'users';
  return null;
}

/** Nested snapshots as path -> value: lines.0.amountPaise, student.name. */
function flatten(value: unknown, prefix = '', into: Flat = new Map()): Flat {
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix) {
    into.set(prefix, value);
  }
  return into;
}

/**
 * "lines.0.amountPaise" -> "Line 1 · Amount (₹)"; "netPaise" -> "Net (₹)"; "gstRateBasisPoints" -> "Gst rate (%)";
 * "feeHeadId" -> "Fee head" (its value is the head's name).
 */
export function fieldLabel(path: string): string {
  return path
    .split('.')
    .map((part) => {
      if (/^\d+$/.test(part)) return String(Number(part) + 1);
      const unit = part.endsWith('Paise') ? ' (₹)' : part.endsWith('BasisPoints') ? ' (%)' : '';
      const bare = part.replace(/Paise$|BasisPoints$/, '').replace(/(.)Id$/, '$1');
      const words = bare.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
      return `${words.charAt(0).toUpperCase()}${words.slice(1)}${unit}`;
    })
    .join(' ')
    .replace(/^Lines (\d+) /, 'Line $1 · ');
}

function formatValue(path: string, value: unknown, names: AuditNames): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'number' && path.endsWith('Paise')) return formatRupees(value);
  // 1250 basis points are 12.5 %.
  if (typeof value === 'number' && path.endsWith('BasisPoints')) return `${value / 100} %`;
  const list = namedBy(path);
  if (list && typeof value === 'number') return names[list]?.get(value) ?? `no longer listed (${value})`;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value)) return formatInstant(value);
  return String(value);
}

/**
 * Field by field: for an edit every field of either snapshot, for a creation what was written, for
 * a deletion what was removed, for a void the fields it set (compared with the receipt before).
 */
export function auditChanges(action: string, before: unknown, after: unknown, names: AuditNames = {}): FieldChange[] {
  const old = flatten(before);
  const next = flatten(after);
  const fields =
    action === 'update' || before === null
      ? new Set([...old.keys(), ...next.keys()])
      : after === null
        ? old.keys()
        : next.keys();
  return [...fields].map((field) => {
    const was = formatValue(field, old.get(field), names);
    const now = formatValue(field, next.get(field), names);
    return { field: fieldLabel(field), before: was, after: now, changed: was !== now };
  });
}
