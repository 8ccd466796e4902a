import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from '../../domain/students/csv';

describe('parseCsv', () => {
  it('reads quoted commas, doubled quotes and line breaks inside quotes, with CRLF, LF or CR ends', () => {
    const text = '\ufeffa,b,c\r\n1,"Rose Villa, MG Road","say ""hi"""\n2,"two\r\nlines",x\r3,,\r\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', 'Rose Villa, MG Road', 'say "hi"'] },
      { line: 3, cells: ['2', 'two\r\nlines', 'x'] },
      { line: 5, cells: ['3', '', ''] },
    ]);
  });

  it('keeps a last record without a line end', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
  });

  it('refuses a quote that is never closed, naming its line', () => {
    expect(() => parseCsv('a\n"open\nstill')).toThrow(
      new CsvSyntaxError('A quoted value starting on line 2 is never closed'),
    );
  });
});
