// Reads the log of scripts/test.sh and prints one closing line, "N passed, N failed", adding up the
// vitest runs of every package and the Playwright run, then the PostgreSQL run's share of it (the
// lines after scripts/test-pg.sh's "PostgreSQL run:" line). Before it, the name of each failed test with the
// first lines of its error (the message, the locator, the line of the test that failed): the end of a long
// log is often all that is kept of a CI run.
import { readFileSync } from 'node:fs';

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const log = readFileSync(process.argv[2], 'utf8').replace(ANSI_COLOUR, '');
const all = { passed: 0, failed: 0 };
const postgres = { passed: 0, failed: 0 };
const failedTests = [];
/** The first telling lines of each failure's report, by the test's name as the reporters print it. */
const errors = new Map();
const TELLING =
  /^(\w*Error\b|Locator:|Expected|Received|Timeout:|❯ \S+\.test\.ts:|>\s*\d+ \||at \S+\.(spec|test)\.ts:)/;
let reporting = null;
let onPostgres = false;
for (const line of log.split('\n')) {
  // Playwright's list reporter: "  1) e2e/x.spec.ts:7:1 › test ───"; vitest: "FAIL  src/x.test.ts > suite > test"
  // (after turbo's "@fees/server:test: ", which the lines of its report carry too).
  const bare = line.replace(/^\S+:test:\s?/, '');
  const report =
    /^\s+\d+\) (\S+\.spec\.ts:\d+:\d+ › .+?)[\s─]*$/.exec(bare) ?? /^\s*FAIL\s+(\S+\.test\.ts\b.*)$/.exec(bare);
  if (report) {
    reporting = report[1].trim();
    if (!errors.has(reporting)) errors.set(reporting, []);
  } else if (reporting) {
    const telling = bare.trim().replace(/^at \/.*?\/(apps|packages|tools)\//, 'at $1/');
    const kept = errors.get(reporting);
    if (TELLING.test(telling) && kept.length < 8 && !kept.includes(telling)) kept.push(telling);
    if (/^\s*(\d+ (passed|failed)|Test Files|Tests\s|⎯{3,}\[\d+\/\d+\])/.test(bare)) reporting = null;
  }
  if (line.startsWith('PostgreSQL run: ')) onPostgres = true;
  // vitest: " FAIL  src/x.test.ts > suite > test" (after turbo's "@fees/server:test:");
  // Playwright: "  ✘  3 e2e/x.spec.ts:12:1 › test (2.1s)".
  const failedVitest = /^(\S+:test:)?\s*FAIL\s+(\S+\.test\.ts\b.*)$/.exec(line);
  const failedPlaywright = /^\s+✘\s+\d+\s+(.+?)(\s+\([\d.]+m?s\))?$/.exec(line);
  const failedTest = failedVitest
    ? `${failedVitest[1] ? `${failedVitest[1].replace(/:test:$/, '')} ` : ''}${failedVitest[2]}`
    : failedPlaywright?.[1];
  if (failedTest) failedTests.push(`${onPostgres ? '[PostgreSQL] ' : ''}${failedTest.trim()}`);
  const vitest = /^\S*\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
  const playwright = /^\s+(\d+) (passed|failed|flaky)( \(|$)/.exec(line);
  let passed = 0;
  let failed = 0;
  if (vitest) {
    passed = Number(/(\d+) passed/.exec(vitest[1])?.[1] ?? 0);
    failed = Number(/(\d+) failed/.exec(vitest[1])?.[1] ?? 0);
  } else if (playwright) {
    if (playwright[2] === 'failed') failed = Number(playwright[1]);
    else passed = Number(playwright[1]);
  }
  for (const sum of onPostgres ? [all, postgres] : [all]) {
    sum.passed += passed;
    sum.failed += failed;
  }
}
const failedNames = [...new Set(failedTests)];
const errorOf = (name) => [...errors].find(([reported]) => name.endsWith(reported) || reported.endsWith(name))?.[1];
for (const name of failedNames.slice(0, 20)) {
  console.log(`failed: ${name}`);
  for (const telling of (errorOf(name) ?? []).slice(0, 8)) console.log(`    ${telling}`);
}
if (failedNames.length > 20) console.log(`failed: ... and ${failedNames.length - 20} more`);
const shares = onPostgres ? ` (of which the PostgreSQL run: ${postgres.passed} passed, ${postgres.failed} failed)` : '';
console.log(`${all.passed} passed, ${all.failed} failed${shares}`);
