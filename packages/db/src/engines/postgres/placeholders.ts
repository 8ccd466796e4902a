/**
 * Our SQL texts name their parameters (`@departmentId`), as better-sqlite3 binds them; node-postgres
 * binds `$1, $2, ...` from an array. A text is translated once and the result cached (the texts are
 * constants, so the cache stays as small as the set of queries). A name used twice binds one `$n`.
 * A bare camelCase name (`AS studentId`, `ORDER BY batchName`) is double-quoted: our columns are
 * snake_case, so such a name is an alias the app reads back as written, and PostgreSQL would fold it
 * to lower case. LIKE becomes ILIKE: SQLite's LIKE ignores case. SQLite's planner hints go: INDEXED BY is dropped, and CROSS JOIN ... ON (SQLite's way
 * to fix the join order) is the plain JOIN it means. (COLLATE NOCASE works as written: migration
 * 0003 creates that collation.) Quoted strings, quoted identifiers and comments are copied untouched.
 */
export interface PositionalText {
  text: string;
  /** The parameter names in `$n` order. */
  names: string[];
}

const cache = new Map<string, PositionalText>();

const TOKEN = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|@([A-Za-z_][A-Za-z0-9_]*)|\b([a-z][a-z0-9_]*[A-Z][A-Za-z0-9_]*)\b|\b[Ll][Ii][Kk][Ee]\b|\bINDEXED BY \w+|\bCROSS JOIN\b(?=\s+\w+(?:\s+(?!ON\b)\w+)?\s+ON\b)/g;

/** Double-quotes a bare camelCase name and makes LIKE ILIKE; anything else is returned as it was. */
export function quoteCamel(token: string, camel: string | undefined): string {
  if (camel !== undefined) return `"${camel}"`;
  if (token.startsWith('INDEXED BY')) return '';
  if (token === 'CROSS JOIN') return 'JOIN';
  return /^like$/i.test(token) ? 'ILIKE' : token;
}

export function toPositional(named: string): PositionalText {
  const cached = cache.get(named);
  if (cached) return cached;
  const names: string[] = [];
  const text = named.replace(TOKEN, (token, name: string | undefined, camel: string | undefined) => {
    if (name === undefined) return quoteCamel(token, camel);
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `$${index + 1}`;
  });
  const result = { text, names };
  cache.set(named, result);
  return result;
}

/** The values of a translated text's parameters, in `$n` order; a missing one is an error, not a NULL. */
export function positionalValues(positional: PositionalText, params: Record<string, unknown> = {}): unknown[] {
  return positional.names.map((name) => {
    if (!(name in params)) throw new Error(`SQL parameter @${name} has no value`);
    return params[name];
  });
}
