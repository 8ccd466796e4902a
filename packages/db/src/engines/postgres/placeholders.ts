/**
 * Our SQL texts name their parameters (`@departmentId`), as better-sqlite3 binds them; node-postgres
 * binds `$1, $2, ...` from an array. A text is translated once and the result cached (the texts are
 * constants, so the cache stays as small as the set of queries). A name used twice binds one `$n`.
 * That is the whole translation: the texts are written for both engines (runner.ts), so nothing else
 * in them is rewritten. Quoted strings, quoted identifiers and comments are copied untouched.
 */
export interface PositionalText {
  text: string;
  /** The parameter names in `$n` order. */
  names: string[];
}

const cache = new Map<string, PositionalText>();

const TOKEN = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|@([A-Za-z_][A-Za-z0-9_]*)/g;

export function toPositional(named: string): PositionalText {
  const cached = cache.get(named);
  if (cached) return cached;
  const names: string[] = [];
  const text = named.replace(TOKEN, (token, name: string | undefined) => {
    if (name === undefined) return token;
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
