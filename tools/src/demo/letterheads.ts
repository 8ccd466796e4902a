import { type Database, listLetterheads, transaction, upsertLetterhead } from '@fees/db';

/** Where each department's receipts say it is: the demo foundation's campus in Thrissur. */
const ADDRESSES: Record<number, { address: string; phone: string }> = {
  100: { address: 'Foundation Campus, Temple Road, Thrissur 680001, Kerala', phone: '0487 2420100' },
  101: { address: 'Foundation Campus, Temple Road, Thrissur 680001, Kerala', phone: '0487 2420101' },
  102: { address: 'Medical College Road, Mulamkunnathukavu, Thrissur 680596, Kerala', phone: '0487 2420102' },
  103: { address: 'Teachers Lane, Ayyanthole, Thrissur 680003, Kerala', phone: '0487 2420103' },
  104: { address: 'College Road, Ayyanthole, Thrissur 680003, Kerala', phone: '0487 2420104' },
  105: { address: 'School Junction, Poonkunnam, Thrissur 680002, Kerala', phone: '0487 2420105' },
};

/** Gives each letterhead still without an address the demo's address and phone; returns how many. */
export async function loadDemoLetterheads(db: Database): Promise<number> {
  let changed = 0;
  for (const letterhead of await listLetterheads(db)) {
    const demo = ADDRESSES[letterhead.depId];
    if (!demo || letterhead.address !== '') continue;
    await transaction(db, (tx) =>
      upsertLetterhead(tx, { departmentId: letterhead.depId, institutionName: letterhead.institutionName, ...demo }),
    );
    changed++;
  }
  return changed;
}
