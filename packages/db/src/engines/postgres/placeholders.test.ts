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

  it('double-quotes bare camelCase aliases (PostgreSQL would fold them), not params, types or snake_case names', () => {
    const p = toPositional('SELECT s.id AS studentId, CAST(x AS TEXT) AS n, b.name AS "batchName" FROM t ORDER BY studentId, s.batch_id LIMIT @pageSize');
    expect(p.text).toBe('SELECT s.id AS "studentId", CAST(x AS TEXT) AS n, b.name AS "batchName" FROM t ORDER BY "studentId", s.batch_id LIMIT $1');
    expect(p.names).toEqual(['pageSize']);
  });

  it('makes LIKE ignore case as on SQLite', () => {
    expect(toPositional(`SELECT 1 FROM t WHERE a LIKE @p ESCAPE '\\' OR b not like 'x like y'`).text).toBe(
      `SELECT 1 FROM t WHERE a ILIKE $1 ESCAPE '\\' OR b not ILIKE 'x like y'`,
    );
  });

  it('drops SQLite\u2019s INDEXED BY hint', () => {
    expect(toPositional('SELECT 1 FROM receipts r INDEXED BY receipts_live_course_idx WHERE r.id = @id').text).toBe(
      'SELECT 1 FROM receipts r  WHERE r.id = $1',
    );
  });

  it('reads CROSS JOIN ... ON (SQLite\u2019s join-order hint) as JOIN; a real cross join stays', () => {
    expect(toPositional('SELECT 1 FROM sel CROSS JOIN discounts dc ON dc.student_id = sel.id CROSS JOIN t').text).toBe(
      'SELECT 1 FROM sel JOIN discounts dc ON dc.student_id = sel.id CROSS JOIN t',
    );
  });

  it('refuses a parameter without a value instead of binding NULL', () => {
    expect(() => positionalValues(toPositional('SELECT @a'), {})).toThrow('SQL parameter @a has no value');
  });
});
