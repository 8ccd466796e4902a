import { sql } from 'drizzle-orm';
import type { Reader } from '../client';
import { rows } from '../engines';

export interface WhatsappContact {
  name: string;
  relation: string;
  /** +91 and 10 digits. */
  mobile: string;
}

/** A student's guardians who said their mobile has WhatsApp, first guardian first. */
export async function listWhatsappContacts(db: Reader, studentId: number): Promise<WhatsappContact[]> {
  return rows<WhatsappContact>(
    db,
    sql`SELECT name, relation, mobile FROM student_contacts
      WHERE student_id = ${studentId} AND whatsapp = 1 AND mobile IS NOT NULL
      ORDER BY position`,
  );
}
