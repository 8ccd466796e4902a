/**
 * JavaScript of a first visit, from the production build: the home page and the receipt screen
 * (see ../web.ts for how a page's files are found). 'served' is what our server sent for those
 * files to a browser that accepts gzip and br.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type PageJs, pageJavaScript, WEB_BUILD } from '../web';
import type { BenchEnv, Measurement, Row } from '../types';

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
  ],
  async run(env) {
    const index = readFileSync(join(WEB_BUILD, 'index.html'), 'utf8');
    const pages = [
      { page: 'home page (/)', source: 'src/features/home/HomePage.tsx', target: 'gzip<200 KB' },
      {
        page: `receipt screen (/${env.target.prefix}/receipt/..)`,
        source: 'src/features/receipts/ReceiptEntryPage.tsx',
        target: 'gzip<=230 KB',
      },
    ];
    const rows: Row[] = [];
    for (const p of pages) {
      const js = pageJavaScript(p.page, p.source);
      const served = await servedBytes(env, js);
      rows.push({
        name: p.page,
        values: {
          files: js.files.length,
          rawBytes: js.rawBytes,
          gzipBytes: js.gzipBytes,
          servedBytes: served.bytes,
          encoding: served.encodings,
          routeSplit: js.routeSplit,
        },
        target: p.target,
        ok: js.routeSplit && (p.source.includes('HomePage') ? js.gzipBytes < 200 * 1024 : js.gzipBytes <= 230 * 1024),
      });
    }
    const scripts = [...index.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    return { rows, notes: [`index.html loads ${scripts.join(', ')}`] };
  },
};
