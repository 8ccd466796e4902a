/** A LIKE pattern for a search text, with %, _ and \ taken literally (used with ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
