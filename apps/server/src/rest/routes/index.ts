import type { RestRoute } from '../route';
import { authRoutes } from './auth';
import { referenceRoutes } from './reference';

/** Every documented path of spec section 7, in the spec's order within each area. */
export const restRoutes: readonly RestRoute[] = [...authRoutes, ...referenceRoutes];
