/**
 * A Drizzle query builder runs only when awaited, and biome's noFloatingPromises does not recognise
 * one (it follows our own async functions). A statement that starts with `db.insert(`, `tx.update(`,
 * `ctx.db.delete(`... is a builder nobody awaits: its write silently never happens. The formatter may
 * break a chain after `db`, so chains are joined first; a builder that follows a `,`, `(`, `[` or `=>` is an
 * argument, array item or arrow body (awaited by its caller), not a statement.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const FOLDERS = ['packages/db/src', 'apps/server/src'];
const FLOATING = /^\s*(?:[\w.]+\.)?(?:db|tx)\.(?:insert|update|delete|select|selectDistinct)\(/;

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

it('no Drizzle builder is left un-awaited in packages/db or apps/server', () => {
  const floating: string[] = [];
  for (const folder of FOLDERS) {
    for (const file of sources(join(ROOT, folder))) {
      const lines = readFileSync(file, 'utf8')
        .replace(/\n\s*(?=\.\w)/g, '')
        .split('\n');
      let previous = '';
      for (const line of lines) {
        const code = line.trim();
        if (FLOATING.test(line) && !/(?:[,([]|=>)$/.test(previous)) floating.push(`${relative(ROOT, file)}: ${code}`);
        if (code !== '' && !code.startsWith('//') && !code.startsWith('*')) previous = code;
      }
    }
  }
  expect(floating).toEqual([]);
});
