import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildXlsx, columnName, dateSerial, sheetNames } from './xlsx';

const unzip = (bytes: Uint8Array) =>
  Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));

describe('xlsx writer', () => {
  it('names columns A..Z, AA..', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('turns yyyy-MM-dd into the spreadsheet day number, and refuses anything else', () => {
    expect(dateSerial('1900-03-01')).toBe(61);
    expect(dateSerial('2026-11-22')).toBe(46348);
    expect(dateSerial('2024-02-29')).toBe(45351);
    expect(dateSerial('2025-02-29')).toBeNull();
    expect(dateSerial('22-11-2026')).toBeNull();
  });

  it('writes a valid package: content types, workbook, styles and a sheet with text, numbers, dates and exact money', () => {
    const files = unzip(
      buildXlsx([
        {
          name: 'Fee/Receipts: 2025',
          header: ['Bill.No', 'Student Name', 'Date', 'Receipt'],
          rows: [
            [7, 'Anjali <Menon> & "Co"', { date: '2026-11-22' }, { paise: 12_500_050 }],
            [8, 'Rahul', { date: '2026-04-01' }, { paise: 5 }],
            ['Total:', null, null, { paise: 12_500_055 }],
          ],
        },
      ]),
    );
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(files['xl/workbook.xml']).toContain('<sheet name="Fee Receipts 2025" sheetId="1" r:id="rId1"/>');
    const sheet = files['xl/worksheets/sheet1.xml']!;
    expect(sheet).toContain('<c r="A1" t="inlineStr" s="1"><is><t xml:space="preserve">Bill.No</t></is></c>');
    expect(sheet).toContain('<c r="A2"><v>7</v></c>');
    expect(sheet).toContain('Anjali &lt;Menon&gt; &amp; &quot;Co&quot;');
    expect(sheet).toContain('<c r="C2" s="3"><v>46348</v></c>');
    expect(sheet).toContain('<c r="D2" s="2"><v>125000.50</v></c>');
    expect(sheet).toContain('<c r="D3" s="2"><v>0.05</v></c>');
    expect(sheet).toContain(
      '<row r="4"><c r="A4" t="inlineStr"><is><t xml:space="preserve">Total:</t></is></c><c r="D4" s="2"><v>125000.55</v></c></row>',
    );
  });

  it('shows money in the Indian format and dates as dd-MM-yyyy through the styles the cells name', () => {
    const styles = unzip(buildXlsx([{ name: 'Dues', header: ['A'], rows: [] }]))['xl/styles.xml']!;
    expect(styles).toContain('<numFmt numFmtId="164" formatCode="##,##,##0.00"/>');
    expect(styles).toContain('<numFmt numFmtId="165" formatCode="dd-mm-yyyy"/>');
    const xfs = [...styles.matchAll(/<xf numFmtId="(\d+)" fontId="(\d)"[^>]*xfId="0"/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(xfs).toEqual([
      [0, 0],
      [0, 1],
      [164, 0],
      [165, 0],
    ]);
  });

  it('freezes the header row of every sheet', () => {
    const files = unzip(
      buildXlsx([
        { name: 'One', header: ['A'], rows: [['x']] },
        { name: 'Two', header: ['B'], rows: [] },
      ]),
    );
    for (const sheet of ['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml']) {
      expect(files[sheet]).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    }
    expect(files['[Content_Types].xml']).toContain('/xl/worksheets/sheet2.xml');
    expect(files['xl/_rels/workbook.xml.rels']).toContain(
      'Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"',
    );
    expect(files['xl/_rels/workbook.xml.rels']).toContain(
      'Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"',
    );
  });

  it('keeps sheet names short, whole-worded and unique', () => {
    const names = sheetNames([
      'Fee information B.Sc Computer Science',
      'Fee information B.Sc Computer Science',
      'Batch 2024-2027',
      'batch 2024-2027',
      'Dues',
      'Averyveryverylongsinglewordthatneverends',
      '[Statement]: ?',
    ]);
    expect(names).toEqual([
      'Fee information B.Sc Computer',
      'Fee information B.Sc (2)',
      'Batch 2024-2027',
      'batch 2024-2027 (2)',
      'Dues',
      'Averyveryverylongsinglewordthat',
      'Statement',
    ]);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(31);
  });
});
