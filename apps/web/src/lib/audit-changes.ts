import { formatDate, formatInstant } from './dates';
import { formatRupees } from './money';

/** One field of an audit entry: its value before and after, formatted for reading. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

type Flat = Map<string, unknown>;

/** Nested snapshots as path -> value: lines.0.amountPaise, student.name. */
function flatten(value: unknown, prefix = '', into: Flat = new Map()): Flat {
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix) {
    into.set(prefix, value);
  }
  return into;
}

/** "lines.0.amountPaise" -> "Line 1 · Amount (₹)"; "netPaise" -> "Net (₹)". */
export function fieldLabel(path: string): string {
  return path
    .split('.')
    .map((part) => {
      if (/^\d+$/.test(part)) return String(Number(part) + 1);
      const paise = part.endsWith('Paise');
      const words = (paise ? part.slice(0, -5) : part).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
      const text = words.charAt(0).toUpperCase() + words.slice(1);
      return paise ? `${text} (₹)` : text;
    })
    .join(' ')
    .replace(/^Lines (\d+) /, 'Line $1 · ');
}

function formatValue(path: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'number' && path.endsWith('Paise')) return formatRupees(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value)) return formatInstant(value);
  return String(value);
}

/**
 * Field by field: for an edit every field of either snapshot, for a creation what was written, for
 * a deletion what was removed, for a void the fields it set (compared with the receipt before).
 */
export function auditChanges(action: string, before: unknown, after: unknown): FieldChange[] {
  const old = flatten(before);
  const next = flatten(after);
  const fields =
    action === 'update' || before === null
      ? new Set([...old.keys(), ...next.keys()])
      : after === null
        ? old.keys()
        : next.keys();
  return [...fields].map((field) => {
    const was = formatValue(field, old.get(field));
    const now = formatValue(field, next.get(field));
    return { field: fieldLabel(field), before: was, after: now, changed: was !== now };
  });
}
