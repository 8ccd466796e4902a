/**
 * The adapter's reference, generated from the route table: an OpenAPI 3.1 document. Request field
 * types come from the procedures' own zod schemas (the field each documented name fills), responses
 * from the routes' own zod response schemas: one schema language both ways.
 */
import type { AnyProcedure } from '@trpc/server';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_HOURS } from '@fees/validation';
import { z } from 'zod';
import type { Access } from '../trpc';
import { restRouter } from './router';
import type { RestRoute, WireOnly } from './route';
import { ZRestErrorBody } from './wire';

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema inside the document (no $schema of its own). Read as input, objects stay
 * open (no additionalProperties: false): error bodies carry a route's extra fields, and a response
 * field added later does not break a strict client.
 */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The properties and required fields of a procedure's input, merged over its input parsers. */
function procedureInputSchema(path: string): { properties: Record<string, JsonSchema>; required: string[] } {
  const procedure = (restRouter._def.procedures as unknown as Record<string, AnyProcedure>)[path];
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const parser of (procedure?._def.inputs ?? []) as unknown[]) {
    if (!(parser instanceof z.ZodType)) continue;
    let schema = jsonSchemaOf(parser);
    if (!schema.properties && Array.isArray(schema.anyOf)) {
      schema = (schema.anyOf as JsonSchema[]).find((member) => member.properties) ?? schema;
    }
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      properties[name] = property;
    }
    required.push(...((schema.required ?? []) as string[]));
  }
  return { properties, required };
}

/** Paths over a versioned edit that send no version: nothing stops one client overwriting another's change. */
const LAST_WRITE_WINS =
  ' No version is sent on this path, so the last write wins: ' +
  'a change made meanwhile by someone else is replaced ' +
  '(the web app sends the version it loaded and is refused with 409 instead).';

function lastWriteWins(route: RestRoute): boolean {
  const mapsVersion = Object.values<unknown>(route.request ?? {}).includes('version');
  return !mapsVersion && 'version' in procedureInputSchema(route.procedure).properties;
}

const ERROR_SCHEMA = jsonSchemaOf(ZRestErrorBody);

const IN_DEPARTMENT =
  'for the department named by the request or its record ' +
  "(401 without a session, 403 for another role or another department's staff).";

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Anyone.',
  authed: 'Any signed-in account (401 without a session).',
  lookup: `Any role (admin, accountant, cashier, viewer, auditor) ${IN_DEPARTMENT}`,
  collect: `Admins, accountants and cashiers ${IN_DEPARTMENT}`,
  read: `Admins, accountants, viewers and auditors ${IN_DEPARTMENT}`,
  write: `Admins and accountants ${IN_DEPARTMENT}`,
  discount: `Admins and accountants (a discount above the approval threshold waits, 202) ${IN_DEPARTMENT}`,
  audit: `Admins, accountants and auditors ${IN_DEPARTMENT}`,
  admin: 'Administrators only (401 without a session, 403 for every other role).',
};

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: ERROR_SCHEMA } } };
}

/** The OpenAPI path (`{id}`) of a route path (`:id`). */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

type InputSchema = ReturnType<typeof procedureInputSchema>;

/** A documented request field's schema: the procedure field's it fills, or the wire-only declaration. */
function requestFieldSchema(input: InputSchema, target: string | WireOnly | undefined): JsonSchema {
  return typeof target === 'string'
    ? (input.properties[target] ?? {})
    : target
      ? { type: target.type, description: target.note }
      : {};
}

/** The documented request fields that take an integer (ids, receipt numbers, counts). */
export function integerRequestFields(route: RestRoute): Set<string> {
  const input = procedureInputSchema(route.procedure);
  const integers = Object.entries(route.request ?? {}).filter(([, target]) => {
    const type = requestFieldSchema(input, target).type;
    return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
  });
  return new Set(integers.map(([name]) => name));
}

function operationOf(route: RestRoute) {
  const input = procedureInputSchema(route.procedure);
  const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const fields = Object.entries(route.request ?? {}).filter(([name]) => !pathParams.includes(name));
  const fieldSchema = (target: string | WireOnly | undefined) => requestFieldSchema(input, target);
  const isRequired = (target: string | WireOnly) =>
    typeof target === 'string' ? input.required.includes(target) : target.required;
  const inQuery = route.method === 'GET' || route.method === 'DELETE';

  const parameters = [
    ...pathParams.map((name) => ({ name, in: 'path', required: true, schema: fieldSchema(route.request?.[name]) })),
    ...(inQuery
      ? fields.map(([name, target]) => ({
          name,
          in: 'query',
          required: isRequired(target),
          schema: fieldSchema(target),
        }))
      : []),
    ...(route.idempotent
      ? [
          {
            name: IDEMPOTENCY_KEY_HEADER,
            in: 'header',
            required: false,
            description:
              `One key per new record, sent again with every retry of the request: ` +
              `a repeat within ${IDEMPOTENCY_KEY_HOURS} hours answers the first result ` +
              `and writes nothing; the key with another body is a 409`,
            schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{8,100}$' },
          },
        ]
      : []),
  ];
  const requestBody =
    !inQuery && fields.length > 0
      ? {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: Object.fromEntries(fields.map(([name, target]) => [name, fieldSchema(target)])),
                required: fields.filter(([, target]) => isRequired(target)).map(([name]) => name),
              },
            },
          },
        }
      : undefined;

  const body = jsonSchemaOf(route.response);
  const success = route.download
    ? { description: 'The file, as an attachment', content: { [route.download.contentType]: { schema: body } } }
    : { description: 'OK', content: { 'application/json': { schema: body } } };
  const responses: Record<string, unknown> = { '200': success };
  if (route.status)
    responses['202'] = {
      description: 'Accepted: the change waits for a second person (approval); the body names the request',
      content: { 'application/json': { schema: body } },
    };
  if (route.request) responses['400'] = errorResponse('Invalid input: the first message, and the messages per field');
  if (route.access !== 'public') responses['401'] = errorResponse('No session');
  if (route.access !== 'public' && route.access !== 'authed')
    responses['403'] = errorResponse('Outside your department or role');
  responses['404'] = errorResponse('Not found');

  const camelPath = openApiPath(route.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) =>
    (c ?? '').toUpperCase(),
  );
  const writeNote = lastWriteWins(route) ? LAST_WRITE_WINS : '';
  const note = route.note ? ` ${route.note}` : '';
  return {
    operationId: `${route.method.toLowerCase()}${camelPath}`,
    summary: route.summary,
    description: `${ACCESS_TEXT[route.access]} Served by the tRPC procedure \`${route.procedure}\`.${writeNote}${note}`,
    tags: [route.procedure.split('.')[0]],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

export function buildOpenApiDocument(routes: readonly RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const key = openApiPath(route.path);
    paths[key] = { ...paths[key], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fee management REST adapter',
      version: '1.0.0',
      description:
        'The documented paths of the older app, served under /rest over the same procedures, ' +
        'sessions and permissions as the web app. Sign in with POST /rest/login/ or /rest/deplogin/ ' +
        '(the session cookie is set), sign out with POST /rest/logout. Amounts are rupees with 2 decimals, ' +
        'dates yyyy-MM-dd.',
    },
    servers: [{ url: '/rest' }],
    paths,
  };
}
