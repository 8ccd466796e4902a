/**
 * pnpm demo: a realistic demo data set, loaded once into an empty database (a second run with the
 * same file leaves it as it is). Each domain adds its part in its own file.
 */
import type { Database } from '@fees/db';
import { loadDemoAcademics } from './academics';
import { loadDemoAccounts } from './accounts';
import { loadDemoPlanPayments, loadDemoPlans, loadDemoWaiver } from './plans';
import { loadDemoLetterheads } from './letterheads';
import { loadDemoMoneyMovements, loadDemoOpeningBalances, loadDemoSchemes } from './money';
import { loadDemoReceipts } from './receipts';

export interface DemoAccount {
  label: string;
  email: string;
  password: string;
}

export async function loadDemoData(db: Database): Promise<DemoAccount[]> {
  const accounts = await loadDemoAccounts(db);
  await loadDemoLetterheads(db);
  await loadDemoAcademics(db);
  await loadDemoPlans(db);
  await loadDemoSchemes(db);
  await loadDemoOpeningBalances(db);
  await loadDemoReceipts(db);
  await loadDemoPlanPayments(db);
  await loadDemoWaiver(db);
  await loadDemoMoneyMovements(db);
  return accounts;
}
