/**
 * The tRPC base: error shape and the only procedures routers may start from.
 * publicProcedure: anyone. authedProcedure: any signed-in account. adminProcedure: admins.
 * departmentProcedure: input carries depId; staff of that department or an admin.
 * Anonymous callers get UNAUTHORIZED (401), the wrong role or department FORBIDDEN (403).
 * Handlers and services throw AppError; every procedure maps it here, once, to a TRPCError.
 */
import { AppError, type AppErrorCode, rawInputRefusal, ZDepId } from '@fees/validation';
import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError, ZodRealError, z } from 'zod';
import type { Context } from './context';
import { assertDepartmentAccess } from './department-access';
import { serverFailureMessage } from './logging';

const TRPC_CODE: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_INPUT: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  STALE: 'CONFLICT',
  TOO_MANY: 'TOO_MANY_REQUESTS',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** The TRPCError of an AppError: its message kept, the AppError as cause (STALE is a 409 CONFLICT). */
export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODE[error.code], message: error.message, cause: error });
}

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

/** Who may call a procedure, by the base procedure it starts from (the REST reference says it too). */
export type Access = 'public' | 'authed' | 'department' | 'admin';

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure.use(async ({ getRawInput, next }) => {
  // A body that is not JSON fails here only if the procedure reads an input (as it did before this check).
  const refusal = rawInputRefusal(await getRawInput().catch(() => undefined));
  if (refusal)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      cause: new ZodRealError([{ code: 'custom', path: refusal.path, message: refusal.message, input: undefined }]),
    });
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) throw toTRPCError(result.error.cause);
  return result;
});

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return next({ ctx: { ...ctx, session: ctx.session } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.session.role !== 'admin') throw new AppError('FORBIDDEN', 'Administrators only');
  return next();
});

export const departmentProcedure = authedProcedure.input(z.object({ depId: ZDepId })).use(({ ctx, input, next }) => {
  assertDepartmentAccess(ctx.session, input.depId);
  return next();
});
