import type { RouterOutputs } from '../../lib/trpc';

type Plans = RouterOutputs['plans'];

export type BatchPlan = Plans['byBatch'];
export type DemandNotices = Plans['demandNotices'];
