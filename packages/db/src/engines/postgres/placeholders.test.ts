import { describe, expect, it } from 'vitest';
import { positionalValues, toPositional } from './placeholders';

describe('toPositional', () => {
  it('numbers named parameters in order of first use, one $n per name', () => {
    const p = toPositional('SELECT * FROM t WHERE a = @a AND (b = @b OR @a IS NULL) LIMIT @limit');
    expect(p.text).toBe('SELECT * FROM t WHERE a = $1 AND (b = $2 OR $1 IS NULL) LIMIT $3');
    expect(p.names).toEqual(['a', 'b', 'limit']);
    expect(positionalValues(p, { limit: 5, b: 'x', a: 1 })).toEqual([1, 'x', 5]);
  });

  it('leaves @ inside strings, quoted names and comments alone', () => {
    const p = toPositional(`SELECT 'a@b.c' AS "x@y" -- @not\nFROM t /* @nor */ WHERE e = @email`);
    expect(p.text).toBe(`SELECT 'a@b.c' AS "x@y" -- @not\nFROM t /* @nor */ WHERE e = $1`);
    expect(p.names).toEqual(['email']);
  });

  it('rewrites nothing but the parameters: the texts are written for both engines', () => {
    const text = `SELECT s.id AS "studentId", b.name AS batchName FROM sel CROSS JOIN t WHERE lower(s.name) LIKE lower(@p) ESCAPE '\\'`;
    expect(toPositional(text).text).toBe(text.replace('@p', '$1'));
  });

  it('refuses a parameter without a value instead of binding NULL', () => {
    expect(() => positionalValues(toPositional('SELECT @a'), {})).toThrow('SQL parameter @a has no value');
  });
});
