import type { AppRouter } from '@fees/server';
import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';

type Plans = TRPCOptionsProxy<AppRouter>['plans'];

export type BatchPlan = inferOutput<Plans['byBatch']>;
export type DemandNotices = inferOutput<Plans['demandNotices']>;
