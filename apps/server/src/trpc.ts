/**
 * The tRPC base: error shape and the only procedures routers may start from.
 * publicProcedure: anyone. authedProcedure: any signed-in account. adminProcedure: admins.
 * departmentProcedure: input carries depId; staff of that department or an admin.
 * Anonymous callers get UNAUTHORIZED (401), the wrong role or department FORBIDDEN (403).
 */
import { ZDepId } from '@fees/validation';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import type { Context } from './context';
import { serverFailureMessage } from './logging';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error, ctx }) {
    // A failure of ours: the user gets the request's reference, the log has the rest (onError in app.ts).
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      const ref = ctx?.requestId ?? null;
      return {
        ...shape,
        message: ref ? serverFailureMessage(ref) : 'Something went wrong',
        data: { ...shape.data, fieldErrors: null, ref, stack: undefined },
      };
    }
    if (error.cause instanceof ZodError) {
      const fieldErrors = z.flattenError(error.cause).fieldErrors as Record<string, string[]>;
      const first = error.cause.issues[0];
      return {
        ...shape,
        message: first ? first.message : shape.message,
        data: { ...shape.data, fieldErrors, ref: null, stack: undefined },
      };
    }
    return { ...shape, data: { ...shape.data, fieldErrors: null, ref: null, stack: undefined } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure;

export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in' });
  return next({ ctx: { ...ctx, session: ctx.session } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.session.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Administrators only' });
  return next();
});

/** Throws FORBIDDEN unless the session may act for this department (its own staff, or an admin). */
export function assertDepartmentAccess(session: { role: string; departmentId: number | null }, depId: number): void {
  if (session.role === 'admin') return;
  if (session.departmentId !== depId) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'This belongs to another department' });
  }
}

export const departmentProcedure = authedProcedure
  .input(z.object({ depId: ZDepId }))
  .use(({ ctx, input, next }) => {
    assertDepartmentAccess(ctx.session, input.depId);
    return next();
  });
