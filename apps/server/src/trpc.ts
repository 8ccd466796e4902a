/**
 * The tRPC base: error shape and the only procedures routers may start from. Each base names what
 * its caller needs, a capability of @fees/validation's roles.ts, so the role table lives in one place:
 * publicProcedure: anyone. accountProcedure: any signed-in account, even one that must first choose a
 * new password. authedProcedure: any signed-in account past that.
 * department<Capability>Procedure: input carries depId; the capability, and the department served.
 * departmentProcedure: the strictest of those (a department's money and records written), the
 * default for a new procedure. <capability>Procedure: the capability alone, for procedures that find
 * the department from the record they read (their domain calls assertDepartmentAccess).
 * Anonymous callers get UNAUTHORIZED (401), the wrong role or department FORBIDDEN (403).
 * Handlers and services throw AppError; every procedure maps it here, once, to a TRPCError.
 */
import { AppError, type AppErrorCode, type Capability, rawInputRefusal, roleCan, ZDepId } from '@fees/validation';
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
export type Access = 'public' | 'authed' | Capability;

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** The raw input, once: a body that is not JSON, nested too deep or too large is refused before anything else. */
async function checkedRawInput(getRawInput: () => Promise<unknown>): Promise<unknown> {
  // A body that is not JSON fails here only if the procedure reads an input (as it did before this check).
  const raw = await getRawInput().catch(() => undefined);
  const refusal = rawInputRefusal(raw);
  if (refusal)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      cause: new ZodRealError([{ code: 'custom', path: refusal.path, message: refusal.message, input: undefined }]),
    });
  return raw;
}

/** The procedure's own failure: an AppError thrown by a handler or a service becomes its TRPCError. */
function mapped<R extends { ok: boolean; error?: unknown }>(result: R): R {
  if (!result.ok) {
    const cause = (result.error as TRPCError).cause;
    if (cause instanceof AppError) throw toTRPCError(cause);
  }
  return result;
}

export const publicProcedure = t.procedure.use(async ({ getRawInput, next }) => {
  await checkedRawInput(getRawInput);
  return mapped(await next());
});

/** The session, or why there is none that may go on: UNAUTHORIZED, or a password still to choose. */
function sessionOf(ctx: Context, passwordChosen: boolean) {
  if (!ctx.session) throw toTRPCError(new AppError('UNAUTHORIZED', 'Please sign in'));
  if (passwordChosen && ctx.session.mustChangePassword)
    throw toTRPCError(new AppError('FORBIDDEN', 'Choose a new password first: your administrator reset it'));
  return ctx.session;
}

const REFUSED: Record<Capability, string> = {
  lookup: 'Your role cannot look up records',
  collect: 'Your role cannot take receipts',
  read: 'Your role cannot see this',
  write: 'Your role cannot change this; ask an accountant',
  discount: 'Your role cannot give or change discounts; ask an accountant',
  audit: 'Your role cannot see the audit log',
  admin: 'Administrators only',
};

const ZDepartmentInput = z.object({ depId: ZDepId });

interface Guard {
  /** The role's capability the procedure needs; none: any role. */
  capability: Capability | null;
  /** The input names a department (depId) the caller must serve. */
  department: boolean;
  /** Refused while an administrator's reset still asks for a new password. */
  passwordChosen: boolean;
}

/**
 * Every check a signed-in caller passes, in one middleware (each middleware of tRPC copies the call's
 * options, and a receipt passed six): the raw input, the session, the password, the capability, and for
 * a department's procedure the department named by the input's depId.
 */
function guardedProcedure({ capability, department, passwordChosen }: Guard) {
  return t.procedure.use(async ({ ctx, getRawInput, next }) => {
    const raw = await checkedRawInput(getRawInput);
    const session = sessionOf(ctx, passwordChosen);
    if (capability && !roleCan(session.role, capability))
      throw toTRPCError(new AppError('FORBIDDEN', REFUSED[capability]));
    if (department) {
      const parsed = ZDepartmentInput.safeParse(raw);
      if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
      try {
        assertDepartmentAccess(session, parsed.data.depId);
      } catch (error) {
        throw error instanceof AppError ? toTRPCError(error) : error;
      }
    }
    // tRPC lays these fields over the context it has.
    return mapped(await next({ ctx: { session } }));
  });
}

/** Signed in, whether or not an administrator's reset still asks for a new password. */
export const accountProcedure = guardedProcedure({ capability: null, department: false, passwordChosen: false });

export const authedProcedure = guardedProcedure({ capability: null, department: false, passwordChosen: true });

/** Signed in with a role that has the capability; the department is checked where the record is read. */
function capabilityProcedure(capability: Capability) {
  return guardedProcedure({ capability, department: false, passwordChosen: true });
}

/**
 * The capability, for the department named by the input's depId, checked from the raw input before anything else;
 * the procedure's own input schema declares depId, so it is parsed once more there and typed for the handler.
 */
function departmentProcedureFor(capability: Capability) {
  return guardedProcedure({ capability, department: true, passwordChosen: true });
}

export const lookupProcedure = capabilityProcedure('lookup');
export const collectProcedure = capabilityProcedure('collect');
export const readProcedure = capabilityProcedure('read');
export const writeProcedure = capabilityProcedure('write');
export const discountProcedure = capabilityProcedure('discount');
export const auditProcedure = capabilityProcedure('audit');
export const adminProcedure = capabilityProcedure('admin');

export const departmentLookupProcedure = departmentProcedureFor('lookup');
export const departmentCollectProcedure = departmentProcedureFor('collect');
export const departmentReadProcedure = departmentProcedureFor('read');
export const departmentProcedure = departmentProcedureFor('write');
export const departmentDiscountProcedure = departmentProcedureFor('discount');
