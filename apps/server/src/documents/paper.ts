/**
 * The printed documents' paper as PDF: an A4 page with the department's letterhead, a title, a grid of
 * labelled fields, a ruled table, QR codes and small print. The receipt and the demand notice are built
 * from these; every figure they print comes to them already computed and formatted.
 */
import { formatRupees } from '@fees/validation';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { DepartmentAccess } from '../department-access';

export interface DocumentOptions {
  /** Who asks: staff of the document's department, or an admin (a worker sending for the office acts as one). */
  access: DepartmentAccess;
  /** scheme://host[:port] of this server, for the verification link the QR code opens. */
  origin: string;
  /** PUBLIC_URL: a demand notice then prints the family page's link (a family cannot reach the office's address). */
  publicUrl?: string | null;
}

/** A4 in points, and the margin all round (14 mm). */
export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const RULE = '#adb5bd';
const SHADE = '#f1f3f5';
export const VOID_RED = '#c92a2a';

/** The standard PDF fonts have no rupee sign, so money reads "Rs 1,25,000.00" (Indian grouping). */
export function money(paise: number): string {
  return `Rs ${formatRupees(paise)}`;
}

/** What the standard fonts' encoding (Windows-1252) holds beyond Latin-1: quotes, dashes, the euro. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the standard fonts can show: the rupee sign as "Rs", any other character they lack as "?"
 * (they would print a wrong letter in its place).
 */
export function printable(text: string): string {
  return text.replaceAll('₹', 'Rs ').replace(/[^\n\x20-\x7e\xa0-\xff]/gu, (c) => (WIN_ANSI_EXTRA.has(c) ? c : '?'));
}

/** doc.text of a text that may hold any character (a table's cells are made printable as they are measured). */
function write(doc: PDFKit.PDFDocument, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions) {
  doc.text(printable(text), x, y, options);
}

/** A department's logo as a drawing gets it: a copy from another thread holds its bytes as a plain Uint8Array. */
export type DocumentLogo = { mimeType: string; bytes: Uint8Array } | null | undefined;

export interface Letterhead {
  institutionName: string;
  address: string | null;
  phone: string | null;
  departmentName: string;
  logo: DocumentLogo;
}

export function newDocument(info: { title: string; author: string }): PDFKit.PDFDocument {
  return new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    // Kept until the end, so a document that runs over one page can number its pages.
    bufferPages: true,
    info: { Title: info.title, Author: info.author, Creator: 'Fee management' },
  });
}

/**
 * Ends the document and gives its bytes; a document of several pages says on each which it is ("Receipt #0004 · page 1
 * of 2").
 */
export function finish(doc: PDFKit.PDFDocument, label: string): Promise<Buffer> {
  const { count } = doc.bufferedPageRange();
  for (let i = 0; count > 1 && i < count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: without this pdfkit would start a new page for the line.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    write(doc, `${label} · page ${i + 1} of ${count}`, PAGE.margin, PAGE.height - 22, {
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
  }
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The letterhead, centred, with the logo at its left when one is set; a rule below. Returns the y below it. */
export function drawLetterhead(doc: PDFKit.PDFDocument, head: Letterhead): number {
  const top = PAGE.margin;
  const logoSize = 64;
  if (head.logo) {
    try {
      // pdfkit reads images from a Buffer; this one shares the bytes, it does not copy them.
      const bytes = Buffer.from(head.logo.bytes.buffer, head.logo.bytes.byteOffset, head.logo.bytes.byteLength);
      doc.image(bytes, PAGE.margin, top, { fit: [logoSize, logoSize] });
    } catch {
      // A stored logo pdfkit cannot read (an unusual PNG variant) leaves the letterhead without it, not the document.
    }
  }
  const textX = PAGE.margin + logoSize + 8;
  const textWidth = CONTENT_WIDTH - 2 * (logoSize + 8);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18);
  write(doc, head.institutionName, textX, top + 2, { width: textWidth, align: 'center' });
  const contact = [head.address, head.phone && `Phone: ${head.phone}`].filter(Boolean).join('  |  ');
  doc.font('Helvetica').fontSize(9.5).fillColor(MUTED);
  if (contact) write(doc, contact, textX, doc.y + 3, { width: textWidth, align: 'center' });
  doc.font('Helvetica-Bold').fontSize(10.5).fillColor(INK);
  write(doc, head.departmentName, textX, doc.y + 3, { width: textWidth, align: 'center' });
  const bottom = Math.max(doc.y, head.logo ? top + logoSize : 0) + 10;
  doc
    .moveTo(PAGE.margin, bottom)
    .lineTo(PAGE.width - PAGE.margin, bottom)
    .lineWidth(1.2)
    .strokeColor(INK)
    .stroke();
  return bottom + 14;
}

/** The document's title on a shaded band, with a note at its right (the date). Returns the y below it. */
export function drawTitle(doc: PDFKit.PDFDocument, y: number, title: string, right?: string): number {
  const height = 26;
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(SHADE);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(14);
  write(doc, title, PAGE.margin + 10, y + 7, { width: CONTENT_WIDTH / 2, lineBreak: false });
  if (right) {
    doc.font('Helvetica').fontSize(10.5);
    write(doc, right, PAGE.margin + CONTENT_WIDTH / 2, y + 8.5, { width: CONTENT_WIDTH / 2 - 10, align: 'right' });
  }
  return y + height + 12;
}

export interface Field {
  label: string;
  value: string;
  /** Across both columns (an address). */
  wide?: boolean;
}

/** Labelled values two to a row. Returns the y below them. */
export function drawFields(doc: PDFKit.PDFDocument, y: number, fields: Field[]): number {
  const column = CONTENT_WIDTH / 2;
  const labelWidth = 62;
  let row = y;
  let col = 0;
  for (const field of fields) {
    if (field.wide && col === 1) {
      row = doc.y + 5;
      col = 0;
    }
    const x = PAGE.margin + col * column;
    const width = (field.wide ? CONTENT_WIDTH : column) - labelWidth - 8;
    doc.font('Helvetica').fontSize(10).fillColor(MUTED);
    write(doc, field.label, x, row, { width: labelWidth });
    doc.font('Helvetica-Bold').fillColor(INK);
    write(doc, field.value || '-', x + labelWidth, row, { width });
    const below = doc.y;
    if (field.wide || col === 1) {
      row = Math.max(below, row + 12) + 5;
      col = 0;
    } else {
      col = 1;
      doc.y = below;
    }
  }
  return (col === 1 ? Math.max(doc.y, row + 12) + 5 : row) + 6;
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

export interface TableRow {
  cells: string[];
  bold?: boolean;
  shaded?: boolean;
  /** A cell spanning the first n columns (a total's label). */
  span?: number;
}

/**
 * Where the next block of `height` points starts: at y when it fits on this page, else at the top of
 * a new page (the full page framed first).
 */
export function roomFor(doc: PDFKit.PDFDocument, y: number, height: number): number {
  const bottom = PAGE.height - PAGE.margin;
  if (y + height <= bottom) return y;
  drawFrame(doc, bottom);
  doc.addPage();
  return PAGE.margin;
}

/**
 * A ruled table with a shaded header; rows wrap their text. A row that does not fit starts a new page,
 * which repeats the header. Returns the y below it.
 */
export function drawTable(doc: PDFKit.PDFDocument, y: number, columns: Column[], rows: TableRow[]): number {
  const pad = 6;
  const layout = (row: TableRow, header: boolean) => {
    const font = header || row.bold ? 'Helvetica-Bold' : 'Helvetica';
    doc.font(font).fontSize(10);
    const cells: Array<{ text: string; x: number; width: number; align: 'left' | 'right' }> = [];
    let x = PAGE.margin;
    const span = row.span ?? 1;
    for (let i = 0; i < columns.length; ) {
      const take = i === 0 ? span : 1;
      const width = columns.slice(i, i + take).reduce((sum, c) => sum + c.width, 0);
      const align = take > 1 ? 'left' : (columns[i]!.align ?? 'left');
      cells.push({ text: printable(row.cells[cells.length] ?? ''), x, width, align });
      x += width;
      i += take;
    }
    const height = Math.max(...cells.map((c) => doc.heightOfString(c.text, { width: c.width - 2 * pad }))) + 2 * pad;
    return { cells, height, font, shaded: header || row.shaded === true };
  };
  const draw = ({ cells, height, font, shaded }: ReturnType<typeof layout>, top: number) => {
    if (shaded) doc.rect(PAGE.margin, top, CONTENT_WIDTH, height).fill(SHADE);
    doc.font(font).fontSize(10).fillColor(INK);
    for (const cell of cells) {
      doc.text(cell.text, cell.x + pad, top + pad, { width: cell.width - 2 * pad, align: cell.align });
    }
    doc.lineWidth(0.6).strokeColor(RULE);
    doc.rect(PAGE.margin, top, CONTENT_WIDTH, height).stroke();
    for (const cell of cells.slice(1))
      doc
        .moveTo(cell.x, top)
        .lineTo(cell.x, top + height)
        .stroke();
    return top + height;
  };
  const header = { cells: columns.map((c) => c.header) };
  const headed = layout(header, true);
  let top = draw(headed, roomFor(doc, y, headed.height * 2));
  for (const row of rows) {
    const laid = layout(row, false);
    const start = roomFor(doc, top, laid.height);
    // A row on a new page comes under the header again.
    top = draw(laid, start === top ? start : draw(headed, start));
  }
  return top + 10;
}

/** Text across the content width in the given style, on a new page when it does not fit. Returns the y below it. */
export function drawText(
  doc: PDFKit.PDFDocument,
  y: number,
  text: string,
  style: {
    font?: string;
    size?: number;
    color?: string;
    x?: number;
    width?: number;
    align?: 'left' | 'right' | 'center';
  } = {},
): number {
  doc
    .font(style.font ?? 'Helvetica')
    .fontSize(style.size ?? 10)
    .fillColor(style.color ?? INK);
  const width = style.width ?? CONTENT_WIDTH;
  const top = roomFor(doc, y, doc.heightOfString(printable(text), { width }));
  write(doc, text, style.x ?? PAGE.margin, top, { width, align: style.align ?? 'left' });
  return doc.y + 4;
}

/** A QR code drawn as vector squares (crisp when printed at any size), with the standard quiet zone. */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const unit = size / (modules.size + 2 * quiet);
  doc.rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * unit, y + (row + quiet) * unit, unit, unit);
    }
  }
  doc.fill();
}

/**
 * The verification QR code at (x, y) with its caption beside it and the link itself in small print
 * below, on one line of up to `width` points so it can be typed in. Returns the y below it.
 */
export function drawVerify(doc: PDFKit.PDFDocument, url: string, x: number, y: number, width: number): number {
  const size = 84;
  drawQr(doc, url, x, y, size);
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
  write(doc, 'Scan to verify', x + size + 4, y + 26, { width: 120 });
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  write(doc, 'with any phone camera', x + size + 4, doc.y + 1, { width: 120 });
  doc.fontSize(7.5);
  write(doc, `Verify: ${url}`, x + 4, y + size + 2, { width, lineBreak: false });
  return y + size + 14;
}

/** A thin frame around the document from the top of the page to `bottom`, as the printed page has. */
export function drawFrame(doc: PDFKit.PDFDocument, bottom: number): void {
  const inset = 14;
  doc
    .rect(PAGE.margin - inset, PAGE.margin - inset, CONTENT_WIDTH + 2 * inset, bottom - PAGE.margin + 2 * inset)
    .lineWidth(0.8)
    .strokeColor(RULE)
    .stroke();
}

/** A signature line with its caption, right-aligned on the page at y. Returns the y below it. */
export function drawSignature(doc: PDFKit.PDFDocument, y: number, caption: string): number {
  const width = 150;
  const x = PAGE.width - PAGE.margin - width;
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  doc.font('Helvetica').fontSize(9.5).fillColor(MUTED);
  write(doc, caption, x, y + 4, { width, align: 'center' });
  return doc.y;
}
