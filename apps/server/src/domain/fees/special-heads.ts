import { type Reader, structuresOnSpecialHeads } from '@fees/db';
import { DEPARTMENTS, paiseToRupeesText, specialHeadRefusal } from '@fees/validation';

/**
 * One sentence per fee structure row over a head charged by its own rule (saved by an older version):
 * the server prints them at start and the admin dashboard shows them until an admin removes the rows.
 * Nothing is dropped on its own: the amount may have been meant, and only the admin can tell.
 */
export async function specialHeadStructureWarnings(db: Reader): Promise<string[]> {
  return (await structuresOnSpecialHeads(db)).map((row) => {
    const department = DEPARTMENTS.find((d) => d.id === row.departmentId)?.name ?? `department ${row.departmentId}`;
    return (
      `${department}, batch ${row.batchName} (${row.courseName}): ` +
      `its fee structure charges ${row.feeHeadName} ${paiseToRupeesText(row.amountPaise)}, ` +
      `but ${specialHeadRefusal(row.feeHeadName)}. Remove that row under Fee structures.`
    );
  });
}
