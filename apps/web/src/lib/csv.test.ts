import { describe, expect, it } from 'vitest';
import { csvCell } from '../features/reports/export';
import { toCsv } from './csv';

const lines = (csv: string) => csv.slice(1).split('\r\n');

describe('toCsv', () => {
  it('starts with a UTF-8 byte order mark so Excel reads Malayalam, Hindi and ₹', () => {
    const csv = toCsv(['Name', 'Fee'], [['അനു', '₹ 500']]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(lines(csv)).toEqual(['Name,Fee', 'അനു,₹ 500']);
  });

  it('neutralises text a spreadsheet would run as a formula with a leading apostrophe', () => {
    const csv = toCsv(
      ['Cell'],
      [
        ['=HYPERLINK("http://evil.test","x")'],
        ['+1+1'],
        ['-2+3'],
        ['@SUM(A1)'],
        ['\tTab'],
        ['\rReturn'],
        ['Plain = text'],
      ],
    );
    expect(lines(csv)).toEqual([
      'Cell',
      `"'=HYPERLINK(""http://evil.test"",""x"")"`,
      "'+1+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTab",
      `"'\rReturn"`,
      'Plain = text',
    ]);
  });

  it('writes amounts and counts as plain numbers, negative ones included', () => {
    const rows = [
      [csvCell({ paise: 12_500_050 }), csvCell({ paise: -52_550 }), csvCell(3), csvCell(-4), csvCell('-5')],
    ];
    expect(lines(toCsv(['a', 'b', 'c', 'd', 'e'], rows))[1]).toBe("125000.50,-525.50,3,-4,'-5");
  });
});
