// Reads the log of `pnpm test` and prints one closing line, "N passed, N failed", adding up the
// vitest runs of every package and the Playwright run.
import { readFileSync } from 'node:fs';

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const log = readFileSync(process.argv[2], 'utf8').replace(ANSI_COLOUR, '');
let passed = 0;
let failed = 0;
for (const line of log.split('\n')) {
  const vitest = /^\S*\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
  const playwright = /^\s+(\d+) (passed|failed|flaky)( \(|$)/.exec(line);
  if (vitest) {
    passed += Number(/(\d+) passed/.exec(vitest[1])?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(vitest[1])?.[1] ?? 0);
  } else if (playwright) {
    if (playwright[2] === 'failed') failed += Number(playwright[1]);
    else passed += Number(playwright[1]);
  }
}
console.log(`${passed} passed, ${failed} failed`);
