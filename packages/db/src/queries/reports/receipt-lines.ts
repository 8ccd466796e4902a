import { sql } from 'drizzle-orm';
import type { Reader } from '../../client';
import { row, rows } from '../../engines';
import type { ReceiptStatus } from '../../schema';

export interface ReceiptLinesReport {
  number: number;
  date: string;
  status: ReceiptStatus;
  studentName: string;
  totalPaise: number;
  taxPaise: number;
  netPaise: number;
  lines: Array<{ lineNo: number; feeHeadId: number; feeHead: string; particulars: string; amountPaise: number }>;
}

/** A receipt of the department with its lines in order, or null when the department has no such receipt. */
export async function receiptLinesReport(
  db: Reader,
  params: { depId: number; number: number },
): Promise<ReceiptLinesReport | null> {
  const receipt = await row<Omit<ReceiptLinesReport, 'lines'> & { id: number }>(
    db,
    sql`
    SELECT id, number, date, status, student_name AS "studentName", total_paise AS "totalPaise",
      tax_paise AS "taxPaise", net_paise AS "netPaise"
    FROM receipts WHERE number = ${params.number} AND department_id = ${params.depId}`,
  );
  if (!receipt) return null;
  const lines = await rows<ReceiptLinesReport['lines'][number]>(
    db,
    sql`
    SELECT rl.line_no AS "lineNo", rl.fee_head_id AS "feeHeadId", fh.name AS "feeHead", rl.particulars AS particulars,
      rl.amount_paise AS "amountPaise"
    FROM receipt_lines rl JOIN fee_heads fh ON fh.id = rl.fee_head_id
    WHERE rl.receipt_id = ${receipt.id}
    ORDER BY rl.line_no, rl.id`,
  );
  const { id: _id, ...rest } = receipt;
  return { ...rest, lines };
}
