/**
 * Keeps the shared SQL engine-neutral at the source (engines/index.ts): every string and template literal of
 * packages/db/src outside the engines' own folders is read for what only one engine understands. The
 * engines' dialects render nothing but the values, so what this misses fails the PostgreSQL run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

/** Each engine's own SQL (engines/), DDL (schema/), test support, and backup.ts (SQLite snapshot files only). */
function shared(path: string): boolean {
  const file = relative(SRC, path);
  return !/^(engines|schema|test)\//.test(file) && !file.endsWith('.test.ts') && file !== 'queries/backup.ts';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

interface Literal {
  line: number;
  /** A string's text, or a template's text with each `${...}` as ` ? `. */
  text: string;
}

/** The string and template literals of TypeScript source, comments skipped (templates nest in `${}`). */
function literalsOf(source: string): Literal[] {
  const found: Literal[] = [];
  let i = 0;
  const lineAt = (at: number) => source.slice(0, at).split('\n').length;
  const quoted = (quote: string) => {
    const start = i++;
    while (i < source.length && source[i] !== quote) i += source[i] === '\\' ? 2 : 1;
    i++;
    found.push({ line: lineAt(start), text: source.slice(start + 1, i - 1) });
  };
  const template = () => {
    const start = i++;
    let text = '';
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') {
        text += source.slice(i, i + 2);
        i += 2;
      } else if (source.startsWith('${', i)) {
        i += 2;
        code(true);
        text += ' ? ';
      } else text += source[i++];
    }
    i++;
    found.push({ line: lineAt(start), text });
  };
  const code = (untilBrace: boolean) => {
    let depth = 0;
    while (i < source.length) {
      const c = source[i]!;
      if (source.startsWith('//', i)) i = source.indexOf('\n', i) < 0 ? source.length : source.indexOf('\n', i);
      else if (source.startsWith('/*', i)) i = source.indexOf('*/', i + 2) + 2;
      else if (c === "'" || c === '"') quoted(c);
      else if (c === '`') template();
      else {
        if (c === '{') depth++;
        if (c === '}' && depth-- === 0 && untilBrace) {
          i++;
          return;
        }
        i++;
      }
    }
  };
  code(false);
  return found;
}

/** SQL's own strings, quoted names and comments blanked out. */
function bareSql(text: string): string {
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
}

const LOOKS_LIKE_SQL =
  /\b(select|insert|update|delete|from|where|join|returning|group by|order by)\b|\b[a-z]\w*\.[a-z]\w*[A-Z]/i;

/** What one engine alone reads, with the way both engines read it. */
function problemsOf(text: string): string[] {
  const sql = bareSql(text);
  const problems: string[] = [];
  const camel = LOOKS_LIKE_SQL.test(text)
    ? /\b[a-z][a-z0-9_]*[A-Z]\w*\b/g
    : /(?<=\b[Aa][Ss]\s+)[a-z][a-z0-9_]*[A-Z]\w*\b/g;
  for (const [name] of sql.matchAll(camel)) problems.push(`bare camelCase ${name}: write "${name}"`);
  if (/\bstrftime\s*\(/i.test(sql)) problems.push('strftime(): pass timestampNow() (queries/now.ts) as a value');
  if (/\bifnull\s*\(/i.test(sql)) problems.push('ifnull(): write coalesce()');
  if (/\bINDEXED\s+BY\b/i.test(sql)) problems.push('INDEXED BY: engineSql(db).indexedBy (engines/index.ts)');
  if (/\bCROSS\s+JOIN\s+\w+(?:\s+(?!ON\b)\w+)?\s+ON\b/i.test(sql))
    problems.push('CROSS JOIN ... ON: engineSql(db).joinInOrder (engines/index.ts)');
  for (const match of sql.matchAll(/\bLIKE\s+(?=[?'(]|lower\b)/gi)) {
    if (!/lower\((?:[^()]|\([^()]*\))*\)\s*(NOT\s+)?$/i.test(sql.slice(0, match.index))) {
      problems.push('LIKE ignores case on SQLite only: containsText (queries/like.ts)');
    }
  }
  return [...new Set(problems)];
}

describe('shared SQL is engine-neutral', () => {
  it('finds what only one engine reads', () => {
    expect(problemsOf('SELECT s.id AS studentId FROM students s')).toEqual([
      'bare camelCase studentId: write "studentId"',
    ]);
    expect(problemsOf('id, user_id AS userId, entity')).toEqual(['bare camelCase userId: write "userId"']);
    expect(problemsOf('UPDATE t SET at =  ? , n = ifnull(n, 0) WHERE x =  ? ')).toEqual(['ifnull(): write coalesce()']);
    expect(problemsOf("SELECT strftime('%Y', 'now') FROM r INDEXED BY r_idx")).toHaveLength(2);
    expect(problemsOf('FROM sel CROSS JOIN batches b ON b.id = sel.batch_id')).toHaveLength(1);
    expect(problemsOf('FROM s CROSS JOIN (SELECT 1 AS one) ch')).toEqual([]);
    expect(problemsOf("WHERE s.name LIKE ? ESCAPE '\\'")).toHaveLength(1);
    expect(problemsOf("WHERE lower( ? ) LIKE lower( ? ) ESCAPE '\\' OR lower(s.cap_id) LIKE lower( ? )")).toEqual([]);
    expect(problemsOf('SELECT id AS "studentId", \'camelCase\' AS note FROM t WHERE a =  ? ')).toEqual([]);
  });

  it('in every query outside the engines\u2019 folders', () => {
    const found = sourceFiles(SRC)
      .filter(shared)
      .flatMap((file) =>
        literalsOf(readFileSync(file, 'utf8')).flatMap((literal) =>
          problemsOf(literal.text).map((problem) => `${relative(SRC, file)}:${literal.line}: ${problem}`),
        ),
      );
    expect(found).toEqual([]);
  });
});
