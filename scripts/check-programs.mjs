/**
 * Lists every outside program the sources spawn (child_process calls, the e2e helper runProgram,
 * Playwright's executablePath) and fails when scripts/system-packages.txt, the list scripts/system-packages.sh
 * installs from, does not name it: a test must never depend on something installed by hand.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', '.turbo', 'artifacts', 'test-results', '.git']);
const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs)$/;
const CHILD_PROCESS = ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'exec', 'execSync', 'fork'];
/** Helpers that run the program named by their first argument; their callers are checked instead. */
const WRAPPERS = ['runProgram'];
/** Programs there before the list is read: Node runs this check, scripts/setup.sh installs pnpm. */
const BUILT_IN = new Set(['node', 'pnpm']);

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The source text of the call's first argument, starting at `start` (just after the parenthesis). */
function firstArgument(text, start) {
  let depth = 0;
  let quote = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return text.slice(start, i).trim();
      depth--;
    } else if (c === ',' && depth === 0) return text.slice(start, i).trim();
  }
  return text.slice(start).trim();
}

/** The program an argument names, 'node_modules' for a package binary, or null when it cannot be told. */
function programOf(argument, isShellCommand) {
  if (argument === 'process.execPath') return 'node';
  if (/node_modules\/\.bin\//.test(argument)) return 'node_modules';
  const literal = /^(['"`])([^'"`$]*)\1$/.exec(argument);
  if (!literal) return null;
  const command = isShellCommand ? literal[2].trim().split(/\s+/)[0] : literal[2];
  return basename(command);
}

function callsIn(text) {
  const named = new Set();
  const namespaces = [];
  for (const m of text.matchAll(
    /import\s+(?:\*\s+as\s+(\w+)|(\w+)|\{([^}]*)\})\s+from\s+['"](?:node:)?child_process['"]/g,
  )) {
    if (m[1] || m[2]) namespaces.push(m[1] ?? m[2]);
    for (const part of (m[3] ?? '').split(',')) {
      const [imported, local] = part.trim().split(/\s+as\s+/);
      if (CHILD_PROCESS.includes(imported)) named.add(local ?? imported);
    }
  }
  const patterns = [...named].map((name) => ({ pattern: `(?<![.\\w])${name}`, shell: /^exec(Sync)?$/.test(name) }));
  for (const ns of namespaces) {
    for (const fn of CHILD_PROCESS) patterns.push({ pattern: `\\b${ns}\\.${fn}`, shell: /^exec(Sync)?$/.test(fn) });
  }
  for (const wrapper of WRAPPERS) patterns.push({ pattern: `(?<![.\\w])${wrapper}`, shell: false, wrapper });
  const calls = [];
  for (const { pattern, shell, wrapper } of patterns) {
    for (const m of text.matchAll(new RegExp(`${pattern}\\s*\\(`, 'g'))) {
      const before = text.slice(Math.max(0, m.index - 9), m.index);
      if (wrapper && /function\s+$/.test(before)) continue;
      calls.push({ index: m.index, argument: firstArgument(text, m.index + m[0].length), shell });
    }
  }
  for (const m of text.matchAll(/executablePath\s*:\s*([^,\n}]+)/g)) {
    const literals = [...m[1].matchAll(/(['"`])([^'"`$]+)\1/g)];
    calls.push({ index: m.index, argument: literals.length ? literals.at(-1)[0] : m[1].trim(), shell: false });
  }
  return calls;
}

const listed = new Map();
for (const line of readFileSync(join(ROOT, 'scripts/system-packages.txt'), 'utf8').split('\n')) {
  const [program, pkg] = line.trim().split(/\s+/);
  if (program && !program.startsWith('#') && pkg) listed.set(program, pkg);
}

const found = new Map();
const problems = [];
for (const file of sourceFiles(ROOT)) {
  const text = readFileSync(file, 'utf8');
  const isWrapperFile = WRAPPERS.some((wrapper) =>
    new RegExp(`export\\s+(async\\s+)?function\\s+${wrapper}\\b`).test(text),
  );
  for (const call of callsIn(text)) {
    const where = `${relative(ROOT, file)}:${text.slice(0, call.index).split('\n').length}`;
    const program = programOf(call.argument, call.shell);
    if (program === null) {
      if (!isWrapperFile)
        problems.push(`${where}: cannot tell which program \`${call.argument}\` runs; name it with a string literal`);
      continue;
    }
    if (program === 'node_modules') continue;
    if (!found.has(program)) found.set(program, []);
    found.get(program).push(where);
  }
}

console.log('Outside programs the tests and scripts run:');
for (const [program, places] of [...found].sort(([a], [b]) => a.localeCompare(b))) {
  const source = BUILT_IN.has(program)
    ? 'always present'
    : listed.has(program)
      ? `Debian ${listed.get(program)}`
      : 'NOT INSTALLED by scripts/system-packages.sh';
  console.log(`  ${program.padEnd(16)} ${source.padEnd(32)} ${places.join(', ')}`);
  if (!BUILT_IN.has(program) && !listed.has(program)) {
    problems.push(
      `${program} (run at ${places.join(', ')}) is not in scripts/system-packages.txt: add it with its Debian package`,
    );
  }
}
if (problems.length) {
  for (const problem of problems) console.error(`check-programs: ${problem}`);
  process.exit(1);
}
