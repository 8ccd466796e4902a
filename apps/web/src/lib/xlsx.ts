/**
 * A small .xlsx writer for report exports, run in the browser and loaded on demand (dynamic import).
 * An .xlsx file is a zip (fflate) of a few XML parts. Each sheet: a bold, frozen header row, text as
 * inline strings, numbers as numbers, dates as real dates shown dd-MM-yyyy, and money in the Indian
 * format ##,##,##0.00.
 */
import { strToU8, zipSync } from 'fflate';
import { paiseToRupeesText } from './money';

/** A cell: text, a plain number, money in paise (written exactly as rupees) or a yyyy-MM-dd date. */
export type XlsxCell = string | number | { paise: number } | { date: string } | null | undefined;

export interface XlsxSheet {
  name: string;
  header: string[];
  rows: XlsxCell[][];
  /** Column widths in characters; defaults from the header and the contents. */
  widths?: number[];
}

// Control characters other than tab and newline are not allowed in XML 1.0.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing exactly those characters
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

function escapeXml(text: string): string {
  return text
    .replace(XML_FORBIDDEN, '')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** A1-style column letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** yyyy-MM-dd -> the spreadsheet's day number (days since 30-12-1899), or null for anything else. */
export function dateSerial(iso: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const time = Date.UTC(y, m - 1, d);
  if (new Date(time).getUTCDate() !== d) return null;
  return (time - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** Style ids of styles.xml below: 0 plain, 1 bold (header), 2 money, 3 date. */
const STYLE_BOLD = 1;
const STYLE_MONEY = 2;
const STYLE_DATE = 3;

function cellXml(cell: XlsxCell, ref: string, bold: boolean): string {
  if (cell === null || cell === undefined || cell === '') return '';
  const style = bold ? ` s="${STYLE_BOLD}"` : '';
  if (typeof cell === 'number') return `<c r="${ref}"${style}><v>${cell}</v></c>`;
  if (typeof cell === 'object' && 'paise' in cell)
    return `<c r="${ref}" s="${STYLE_MONEY}"><v>${paiseToRupeesText(cell.paise)}</v></c>`;
  if (typeof cell === 'object') {
    const serial = dateSerial(cell.date);
    return serial === null ? '' : `<c r="${ref}" s="${STYLE_DATE}"><v>${serial}</v></c>`;
  }
  return `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
}

function cellWidth(cell: XlsxCell): number {
  if (cell === null || cell === undefined) return 0;
  if (typeof cell === 'object') return 'paise' in cell ? paiseToRupeesText(cell.paise).length + 4 : 10;
  return String(cell).length;
}

function sheetXml(sheet: XlsxSheet): string {
  const all = [sheet.header, ...sheet.rows];
  const widths =
    sheet.widths ?? sheet.header.map((_, i) => Math.min(60, Math.max(8, ...all.map((row) => cellWidth(row[i]))) + 2));
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
  const rows = all
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row.map((cell, c) => cellXml(cell, `${columnName(c)}${r + 1}`, r === 0)).join('')}</row>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData>${rows}</sheetData></worksheet>`
  );
}

const MAX_SHEET_NAME = 31;

/** At most `max` characters, cut at the end of a word when there is one to cut at. */
function shortenAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : text.slice(0, max)).trimEnd();
}

/**
 * Sheet names as spreadsheet programs accept them: none of : \ / ? * [ ], at most 31 characters cut
 * between words, and unique in the workbook (case-insensitive) by a " (2)" suffix.
 */
export function sheetNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const clean =
      raw
        .replace(/[:\\/?*[\]]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^'|'$/g, '') || 'Sheet';
    let name = shortenAtWord(clean, MAX_SHEET_NAME);
    for (let n = 2; taken.has(name.toLowerCase()); n++)
      name = `${shortenAtWord(clean, MAX_SHEET_NAME - ` (${n})`.length)} (${n})`;
    taken.add(name.toLowerCase());
    return name;
  });
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function contentTypes(count: number): string {
  const sheets = Array.from(
    { length: count },
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ` +
      'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
  ).join('');
  return (
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ' +
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    `${sheets}<Override PartName="/xl/styles.xml" ` +
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '</Types>'
  );
}

const ROOT_RELS =
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  `<Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

function workbookRels(count: number): string {
  const sheets = Array.from(
    { length: count },
    (_, i) => `<Relationship Id="rId${i + 1}" Type="${RELS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('');
  return (
    `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets}` +
    `<Relationship Id="rId${count + 1}" Type="${RELS}/styles" Target="styles.xml"/></Relationships>`
  );
}

/** Custom number formats: Indian digit grouping for money, day-month-year for dates. */
export const MONEY_FORMAT = '##,##,##0.00';
export const DATE_FORMAT = 'dd-mm-yyyy';

const STYLES =
  `${XML}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
  `<numFmts count="2"><numFmt numFmtId="164" formatCode="${MONEY_FORMAT}"/>` +
  `<numFmt numFmtId="165" formatCode="${DATE_FORMAT}"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
  '<fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** The .xlsx file's bytes: one worksheet per sheet, in order. */
export function buildXlsx(sheets: XlsxSheet[]): Uint8Array {
  const names = sheetNames(sheets.map((s) => s.name));
  const workbook =
    `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${RELS}"><sheets>` +
    names.map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
    '</sheets></workbook>';
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(contentTypes(sheets.length)),
    '_rels/.rels': strToU8(ROOT_RELS),
    'xl/workbook.xml': strToU8(workbook),
    'xl/_rels/workbook.xml.rels': strToU8(workbookRels(sheets.length)),
    'xl/styles.xml': strToU8(STYLES),
  };
  sheets.forEach((sheet, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(sheetXml(sheet));
  });
  return zipSync(files, { level: 6 });
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
