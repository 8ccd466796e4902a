/**
 * JavaScript of a first visit, from the production build: the home page and the receipt screen
 * (see ../web.ts for how a page's files are found). 'served' is what our server sent for those
 * files to a browser that accepts gzip and br. The receipt screen fails its target while it loads a
 * package that only its rare paths need (each is loaded when used), so one static import cannot
 * bring it back unnoticed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type PageJs, pageJavaScript, WEB_BUILD } from '../web';
import type { BenchEnv, Measurement, Row } from '../types';

/** Packages the receipt screen's first visit must not load: zod (the form's check), the date picker, QR, XLSX. */
export const RECEIPT_SCREEN_EXCLUDES = ['zod', '@mantine/dates', 'qrcode', 'xlsx'];

/** The excluded packages a page loads, each with the files holding it. */
function excludedLoaded(js: PageJs, excludes: string[]): Map<string, string[]> {
  const loaded = new Map<string, string[]>();
  for (const name of excludes) {
    const files = js.packages.get(name);
    if (files) loaded.set(name, files);
  }
  return loaded;
}

async function servedBytes(env: BenchEnv, page: PageJs): Promise<{ bytes: number; encodings: string }> {
  let bytes = 0;
  const encodings = new Set<string>();
  for (const file of page.files) {
    const res = await env.staff.request('GET', `/${file}`, undefined, { 'accept-encoding': 'gzip, br' });
    if (res.status !== 200) throw new Error(`GET /${file}: HTTP ${res.status}`);
    bytes += res.bytes;
    encodings.add(String(res.headers['content-encoding'] ?? 'none'));
  }
  return { bytes, encodings: [...encodings].join(',') };
}

export const webJavaScript: Measurement = {
  id: 'web-js',
  title: 'Web app JavaScript on a first visit (production build)',
  columns: [
    { key: 'files', label: 'files' },
    { key: 'rawBytes', label: 'raw' },
    { key: 'gzipBytes', label: 'gzip' },
    { key: 'servedBytes', label: 'served' },
    { key: 'encoding', label: 'served as' },
    { key: 'routeSplit', label: 'route split' },
    { key: 'excluded', label: 'excluded packages loaded' },
  ],
  async run(env) {
    const index = readFileSync(join(WEB_BUILD, 'index.html'), 'utf8');
    const pages = [
      { page: 'home page (/)', source: 'src/features/home/HomePage.tsx', target: 'gzip<200 KB', excludes: [] },
      {
        page: `receipt screen (/${env.target.prefix}/receipt/..)`,
        source: 'src/features/receipts/ReceiptEntryPage.tsx',
        target: `gzip<=230 KB, without ${RECEIPT_SCREEN_EXCLUDES.join(', ')}`,
        excludes: RECEIPT_SCREEN_EXCLUDES,
      },
    ];
    const rows: Row[] = [];
    const notes: string[] = [];
    for (const p of pages) {
      const js = pageJavaScript(p.page, p.source);
      const served = await servedBytes(env, js);
      const excluded = excludedLoaded(js, p.excludes);
      for (const [name, files] of excluded) {
        notes.push(`${p.page} loads ${name} in ${files.join(', ')}: a static import brings it`);
      }
      const unchecked = p.excludes.length > 0 && js.unmapped.length === js.files.length;
      if (p.excludes.length > 0 && js.unmapped.length > 0 && !unchecked) {
        notes.push(`${p.page}: not checked for excluded packages, without a source map: ${js.unmapped.join(', ')}`);
      }
      rows.push({
        name: p.page,
        values: {
          files: js.files.length,
          rawBytes: js.rawBytes,
          gzipBytes: js.gzipBytes,
          servedBytes: served.bytes,
          encoding: served.encodings,
          routeSplit: js.routeSplit,
          excluded:
            p.excludes.length === 0 ? null : unchecked ? 'no source maps' : [...excluded.keys()].join(', ') || 'none',
        },
        target: p.target,
        ok:
          js.routeSplit &&
          !unchecked &&
          excluded.size === 0 &&
          (p.source.includes('HomePage') ? js.gzipBytes < 200 * 1024 : js.gzipBytes <= 230 * 1024),
      });
    }
    const scripts = [...index.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    return { rows, notes: [`index.html loads ${scripts.join(', ')}`, ...notes] };
  },
};
