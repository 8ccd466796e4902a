/**
 * One documented REST path: which tRPC procedure answers it, how the documented request fields become
 * the procedure's input, and how its result becomes the documented response, a zod schema (wire.ts
 * holds its vocabulary). Validation, permissions and the work itself stay in the procedure; a route
 * only renames.
 */
import type { AnyProcedure, inferProcedureInput, inferProcedureOutput } from '@trpc/server';
import type { z } from 'zod';
import type { Access } from '../trpc';
import type { createRestCaller, RestRouter } from './router';

type ProcedureEntries<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure
    ? { path: `${Prefix}${K}`; procedure: R[K] }
    : ProcedureEntries<R[K], `${Prefix}${K}.`>;
}[keyof R & string];

type Entries = ProcedureEntries<RestRouter['_def']['record']>;

/** Every procedure the adapter may call, as its dotted path: 'reference.courses', 'admin.users.create', ... */
export type ProcedurePath = Entries['path'];
type ProcedureAt<P extends ProcedurePath> = Extract<Entries, { path: P }>['procedure'];
export type InputOf<P extends ProcedurePath> = inferProcedureInput<ProcedureAt<P>>;
export type OutputOf<P extends ProcedurePath> = inferProcedureOutput<ProcedureAt<P>>;
/** The input's object form (an optional input is undefined when left out). */
type InputObject<P extends ProcedurePath> = Extract<InputOf<P>, object>;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The procedures as the request's session may call them (for lookups, e.g. admission no -> student id). */
export type AppCaller = ReturnType<typeof createRestCaller>;

/** The fields a client sent: query string, JSON (or form) body and path parameters, merged. */
export type WireFields = Record<string, unknown>;

/** A documented request field that fills no procedure field by its own name. */
export interface WireOnly {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  note: string;
  required: boolean;
}

/** Declares a wire-only request field (required: the call fails without it). */
export function wireOnly(type: WireOnly['type'], note: string, required = false): WireOnly {
  return { type, note, required };
}

/** The procedure input's field names, values still unchecked: the procedure's schema checks them. */
type InputFields<P extends ProcedurePath> = { [K in keyof InputObject<P>]?: unknown };

interface RouteBase<P extends ProcedurePath> {
  method: Method;
  /** The documented path, with :name for a path parameter. */
  path: string;
  procedure: P;
  summary: string;
  /** More for the reference's description: how the path differs from its procedure. */
  note?: string;
  /** Who may call it: the procedure's own rule (a test checks they agree). */
  access: Access;
  /**
   * Documented request fields -> the procedure input field each one fills, or a wire-only field (read by `input`, or
   * not needed).
   */
  request?: { readonly [wireField: string]: (keyof InputObject<P> & string) | WireOnly };
  /**
   * Input fields that need more than a rename: derived, constant, nested renames, or looked up
   * through other procedures under the same session.
   */
  input?: (fields: WireFields, caller: AppCaller) => InputFields<P> | Promise<InputFields<P>>;
  /** More procedure field -> documented field names for error keys: nested item fields, lookup inputs. */
  errorNames?: { readonly [procedureField: string]: string };
  /**
   * A money-creating write: the request's Idempotency-Key header (quoted or not) becomes the
   * procedure's `idempotencyKey`, so a retried request answers the first result.
   */
  idempotent?: true;
  /** Fields the documented client reads on a failure too (Message, auth), added to error bodies. */
  errorFields?: (message: string) => Record<string, unknown>;
}

/** A JSON answer: the response schema documents the body, and the body sent is parsed by it. */
export interface JsonRoute<P extends ProcedurePath = ProcedurePath, R extends z.ZodType = z.ZodType>
  extends RouteBase<P> {
  response: R;
  output: (result: OutputOf<P>, fields: WireFields) => z.input<R>;
  /** The HTTP status of a success (200 unless given): 202 when the write was only accepted, not made. */
  status?: (result: OutputOf<P>) => number;
  /**
   * A refusal the documented client reads as a result rather than an error (a duplicate discount is
   * `Result: 'DUP'`): return the 200 body, or undefined to answer with the error.
   */
  refusal?: (error: { code: string; message: string }) => z.input<R> | undefined;
  download?: undefined;
}

export interface Download {
  fileName: string;
  content: NodeJS.ReadableStream | string;
}

/** A file as an attachment: the response schema documents its text. */
export interface DownloadRoute<P extends ProcedurePath = ProcedurePath> extends RouteBase<P> {
  response: z.ZodString;
  output: (result: OutputOf<P>, fields: WireFields) => Download;
  download: { contentType: string };
  refusal?: undefined;
  status?: undefined;
}

export type RestRoute = JsonRoute | DownloadRoute;

/**
 * Declares one JSON route; the generic parameters tie request, input and output to the procedure and the response
 * schema.
 */
export function route<P extends ProcedurePath, R extends z.ZodType>(definition: JsonRoute<P, R>): RestRoute {
  return definition as unknown as RestRoute;
}

/** Declares one download route. */
export function download<P extends ProcedurePath>(definition: DownloadRoute<P>): RestRoute {
  return definition as unknown as RestRoute;
}
