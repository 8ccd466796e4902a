import { DEPARTMENT_IDS } from '@fees/validation';
import { today } from '../../config';
import type { AuthedContext } from '../../context';
import { defaulters } from '../reports/defaulters';

/**
 * The dashboard's defaulters per department and in all, as of today: the defaulters report of each
 * department (every course), counted and totalled, so the two agree. It computes every student's
 * instalments (about half a second per 20,000-student course), so the dashboard asks for it apart from
 * its other figures, which read kept totals and arrive first.
 */
export async function defaultersSummary(ctx: AuthedContext) {
  const asOf = today();
  const departments: Array<{ depId: number; count: number; overduePaise: number; toCollectPaise: number }> = [];
  for (const depId of DEPARTMENT_IDS) {
    const report = await defaulters(ctx, { depId, asOf });
    departments.push({
      depId,
      count: report.rows.length,
      overduePaise: report.totals.outstanding,
      toCollectPaise: report.totals.toCollect,
    });
  }
  const sum = (key: 'count' | 'overduePaise' | 'toCollectPaise') => departments.reduce((s, d) => s + d[key], 0);
  return {
    asOf,
    departments,
    overall: { count: sum('count'), overduePaise: sum('overduePaise'), toCollectPaise: sum('toCollectPaise') },
  };
}
