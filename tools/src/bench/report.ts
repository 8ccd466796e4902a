/** Prints the figures as plain tables and writes them, with the machine's description, as JSON. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Column, Row, Value } from './types';

export interface SectionOutput {
  id: string;
  title: string;
  columns: Column[];
  rows: Row[];
  notes: string[];
  /** Why it was not measured: a procedure or route not built yet. */
  skipped: string | null;
  /** The error that stopped it. */
  failed: string | null;
}

function format(key: string, value: Value): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return '-';
  if (key.endsWith('Ms')) return value >= 100 ? value.toFixed(0) : value.toFixed(1);
  if (key.endsWith('Bytes'))
    return value >= 10 * 1024 * 1024 ? `${(value / 1024 / 1024).toFixed(0)} MB` : `${(value / 1024).toFixed(1)} KB`;
  if (key.toLowerCase().includes('ratio')) return `${value.toFixed(2)}x`;
  if (key.endsWith('PerSec')) return value.toFixed(0);
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

export function renderSection(section: SectionOutput): string {
  const lines = [`\n== ${section.title}`];
  if (section.skipped) {
    lines.push(`   not available yet: ${section.skipped}`);
    return lines.join('\n');
  }
  if (section.failed) {
    lines.push(`   failed: ${section.failed}`);
    return lines.join('\n');
  }
  const header = ['', ...section.columns.map((c) => c.label), 'target', 'ok'];
  const body = section.rows.map((row) => [
    row.name,
    ...section.columns.map((c) => format(c.key, row.values[c.key] ?? null)),
    row.target ?? '',
    row.ok === undefined || row.ok === null ? '' : row.ok ? 'PASS' : 'MISS',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  lines.push(line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line));
  for (const note of section.notes) lines.push(`   ${note}`);
  return lines.join('\n');
}

export function writeResults(dir: string, name: string, data: unknown): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
  return path;
}
