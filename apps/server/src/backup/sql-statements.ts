/**
 * Cuts SQL text, as it arrives in pieces, into whole statements the way SQLite's sqlite3_complete()
 * judges them: a statement ends at a semicolon outside quotes, brackets and comments, except inside
 * CREATE TRIGGER ... END, whose body holds semicolons of its own. The restore command reads an SQL
 * dump this way, one statement at a time, so a dump of any size loads without being held in memory.
 */

const SEMI = 0;
const WS = 1;
const OTHER = 2;
const EXPLAIN = 3;
const CREATE = 4;
const TEMP = 5;
const TRIGGER = 6;
const END = 7;

/** sqlite3_complete's transitions: [state][token]; state 1 is "after a complete statement". */
const TRANSITIONS = [
  [1, 0, 2, 3, 4, 2, 2, 2],
  [1, 1, 2, 3, 4, 2, 2, 2],
  [1, 2, 2, 2, 2, 2, 2, 2],
  [1, 3, 3, 2, 4, 2, 2, 2],
  [1, 4, 2, 2, 2, 4, 5, 2],
  [6, 5, 5, 5, 5, 5, 5, 5],
  [6, 6, 5, 5, 5, 5, 5, 7],
  [1, 7, 5, 5, 5, 5, 5, 5],
] as const;
const COMPLETE = 1;
const NORMAL = 2;
const IN_TRIGGER = 5;
const MAY_MATTER = /[;'"`[\-/]/g;

const KEYWORDS: Record<string, number> = {
  create: CREATE,
  trigger: TRIGGER,
  temp: TEMP,
  temporary: TEMP,
  end: END,
  explain: EXPLAIN,
};

const isIdChar = (code: number) =>
  (code >= 48 && code <= 57) ||
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  code === 95 ||
  code === 36 ||
  code >= 128;
const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);

export interface SqlStatement {
  text: string;
  /** The line of the input the statement starts on (counting from 1). */
  line: number;
}

export class SqlStatementReader {
  private text = '';
  private scanned = 0;
  private state = 0;
  private line = 1;

  /** Takes the next piece of text; returns the statements it completed, each with its semicolon. */
  push(piece: string): SqlStatement[] {
    this.text += piece;
    const done: SqlStatement[] = [];
    let start = 0;
    for (;;) {
      if (this.state === NORMAL || this.state === IN_TRIGGER) {
        // Only a semicolon moves these states on: skip to the next character that may start one, a
        // quote, a bracket or a comment.
        MAY_MATTER.lastIndex = this.scanned;
        this.scanned = MAY_MATTER.exec(this.text)?.index ?? this.text.length;
      }
      const token = this.nextToken(this.scanned);
      if (token === null) break;
      this.scanned = token.end;
      this.state = TRANSITIONS[this.state]![token.kind]!;
      if (token.kind === SEMI && this.state === COMPLETE) {
        const text = this.text.slice(start, token.end);
        const leading = text.length - text.trimStart().length;
        done.push({ text, line: this.line + countLines(text, leading) });
        this.line += countLines(text, text.length);
        start = token.end;
      }
    }
    this.text = this.text.slice(start);
    this.scanned -= start;
    return done;
  }

  /**
   * Call at the end of the text: the statement left unfinished after the last complete one (text cut
   * short), or null when only white space and comments follow it.
   */
  end(): SqlStatement | null {
    this.push('\n');
    const finished = (this.state === 0 || this.state === COMPLETE) && this.scanned === this.text.length;
    if (finished || this.text.trim() === '') return null;
    const leading = this.text.length - this.text.trimStart().length;
    return { text: this.text.trim(), line: this.line + countLines(this.text, leading) };
  }

  /** The token at `at`, or null when the text so far ends before the token can be told. */
  private nextToken(at: number): { kind: number; end: number } | null {
    const text = this.text;
    if (at >= text.length) return null;
    const code = text.charCodeAt(at);
    const closing = (close: string, from: number, after: number, kind: number) => {
      const found = text.indexOf(close, from);
      return found < 0 ? null : { kind, end: found + after };
    };
    if (code === 59) return { kind: SEMI, end: at + 1 };
    if (isSpace(code)) return { kind: WS, end: at + 1 };
    if (code === 47 || code === 45) {
      if (at + 1 >= text.length) return null;
      const next = text[at + 1];
      if (code === 47 && next === '*') return closing('*/', at + 2, 2, WS);
      if (code === 45 && next === '-') return closing('\n', at + 2, 1, WS);
      return { kind: OTHER, end: at + 1 };
    }
    if (code === 91) return closing(']', at + 1, 1, OTHER);
    if (code === 96 || code === 34 || code === 39) return closing(text[at]!, at + 1, 1, OTHER);
    if (isIdChar(code)) {
      let end = at + 1;
      while (end < text.length && isIdChar(text.charCodeAt(end))) end++;
      if (end === text.length) return null;
      const word = end - at <= 9 ? text.slice(at, end).toLowerCase() : '';
      return { kind: KEYWORDS[word] ?? OTHER, end };
    }
    return { kind: OTHER, end: at + 1 };
  }
}

function countLines(text: string, upTo: number): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < upTo; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
