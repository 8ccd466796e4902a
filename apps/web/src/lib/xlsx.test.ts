import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildXlsx, columnName, crc32 } from './xlsx';

/** Reads a stored zip through its central directory, checking each entry's CRC with zlib's. */
function unzipStored(bytes: Uint8Array): Map<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files = new Map<string, string>();
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    expect(view.getUint16(local + 8, true)).toBe(0);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    expect(zlibCrc32(data)).toBe(crc);
    files.set(name, decoder.decode(data));
    at += 46 + nameLength;
  }
  return files;
}

describe('xlsx writer', () => {
  it('computes the standard CRC-32', () => {
    const bytes = new TextEncoder().encode('The quick brown fox jumps over the lazy dog');
    expect(crc32(bytes)).toBe(0x414fa339);
    expect(crc32(bytes)).toBe(zlibCrc32(bytes));
  });

  it('names columns A..Z, AA..', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('writes a valid package: content types, workbook, styles and a sheet with text, numbers and exact money', () => {
    const files = unzipStored(
      buildXlsx({
        name: 'Fee/Receipts: 2025',
        header: ['Bill.No', 'Student Name', 'Receipt'],
        rows: [
          [7, 'Anjali <Menon> & "Co"', { paise: 12_500_050 }],
          [8, 'Rahul', { paise: 5 }],
          ['Total:', null, { paise: 12_500_055 }],
        ],
      }),
    );
    expect([...files.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(files.get('xl/workbook.xml')).toContain('<sheet name="Fee Receipts  2025" sheetId="1" r:id="rId1"/>');
    const sheet = files.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<c r="A1" t="inlineStr" s="1"><is><t xml:space="preserve">Bill.No</t></is></c>');
    expect(sheet).toContain('<c r="A2"><v>7</v></c>');
    expect(sheet).toContain('Anjali &lt;Menon&gt; &amp; &quot;Co&quot;');
    expect(sheet).toContain('<c r="C2" s="2"><v>125000.50</v></c>');
    expect(sheet).toContain('<c r="C3" s="2"><v>0.05</v></c>');
    expect(sheet).toContain('<row r="4"><c r="A4" t="inlineStr"><is><t xml:space="preserve">Total:</t></is></c><c r="C4" s="2"><v>125000.55</v></c></row>');
  });
});
