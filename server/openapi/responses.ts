import { SCOPES } from '../db/api-keys';
import { ALLOWED_METHODS } from '../http/edge';
import { BAD_REQUEST_REASONS, type ErrorCode, STATUS_OF } from '../http/errors';
import { json } from './openapi-types';
import type { JsonSchema } from './schemas';

/**
 * The error answers of the documents (§6), with their headers (§7): one per status, each
 * body the contract's error shape with the codes of that status.
 */
function codesWithStatus(status: number): ErrorCode[] {
  return (Object.keys(STATUS_OF) as ErrorCode[]).filter((code) => STATUS_OF[code] === status);
}

function errorSchema(status: number, details: JsonSchema | null): JsonSchema {
  const codes = codesWithStatus(status);
  const properties: Record<string, JsonSchema> = {
    // A status without a code of its own yet (503) still documents the body's shape.
    code: codes.length === 0 ? { type: 'string' } : { enum: codes },
    message: { type: 'string', description: 'A sentence a person can act on.' },
    request_id: { type: 'string', description: 'Also in the X-Request-Id header.' },
  };
  if (details !== null) properties.details = details;
  return {
    type: 'object',
    properties: {
      error: {
        type: 'object',
        properties,
        required: ['code', 'message', 'request_id', ...(details === null ? [] : ['details'])],
        additionalProperties: false,
      },
    },
    required: ['error'],
    additionalProperties: false,
  };
}

const HEADERS: Record<string, JsonSchema> = {
  'X-Request-Id': {
    description: 'Identifies the request in the server log; quote it when reporting a problem.',
    schema: { type: 'string' },
  },
  'RateLimit-Limit': {
    description: "Requests a minute this key's bucket refills.",
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requests this key may send now.',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the bucket is full again.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'As RateLimit-Remaining (the name Onnie uses).',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': {
    description: 'Unix time, in seconds, when the bucket is full again (as Onnie sends it).',
    schema: { type: 'integer' },
  },
  'Retry-After': {
    description: 'Seconds to wait before the next request.',
    schema: { type: 'integer' },
  },
  'WWW-Authenticate': { description: 'Always `Bearer`.', schema: { type: 'string' } },
};

/**
 * An answer's headers: `required` ones are on every such answer, the others on some. Written
 * out each time rather than as `$ref`s, as a required header can't be a reference.
 */
export const headers = (required: string[], optional: string[] = []) =>
  Object.fromEntries([
    ...required.map((name) => [name, { ...HEADERS[name], required: true }]),
    ...optional.map((name) => [name, HEADERS[name]]),
  ]);
export const RATE_HEADERS = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

export const ERROR_RESPONSES: Record<string, JsonSchema> = {
  BadRequest: {
    description:
      'A parameter is wrong: `details.param` names it and `details.reason` says how (see the reasons listed in the schema).',
    headers: headers(['X-Request-Id', ...RATE_HEADERS]),
    content: json(
      errorSchema(400, {
        type: 'object',
        properties: {
          param: { type: 'string', description: 'The query parameter, e.g. `filter[status]`.' },
          reason: { enum: [...BAD_REQUEST_REASONS] },
        },
        required: ['param', 'reason'],
        additionalProperties: false,
      }),
    ),
  },
  Unauthorized: {
    description: 'No API key, another scheme than Bearer, or a key that is unknown or revoked.',
    headers: headers(['X-Request-Id', 'WWW-Authenticate']),
    content: json(errorSchema(401, null)),
  },
  Forbidden: {
    description: 'The key lacks the scope this path needs (`details.scope`).',
    headers: headers(['X-Request-Id', ...RATE_HEADERS]),
    content: json(
      errorSchema(403, {
        type: 'object',
        properties: { reason: { const: 'insufficient_scope' }, scope: { enum: [...SCOPES] } },
        required: ['reason', 'scope'],
        additionalProperties: false,
      }),
    ),
  },
  NotFound: {
    description:
      "Nothing with this id in the key's workspace. Another workspace's item answers exactly like a missing one.",
    headers: headers(['X-Request-Id'], RATE_HEADERS),
    content: json(errorSchema(404, null)),
  },
  RateLimited: {
    description:
      "The key's bucket is empty, or this address sent too many requests with a missing or wrong key (or without one, for the API's document): wait `Retry-After` seconds.",
    headers: headers(['X-Request-Id', 'Retry-After'], [...RATE_HEADERS, 'WWW-Authenticate']),
    content: json(errorSchema(429, null)),
  },
  InternalError: {
    description: 'An unexpected failure; the body never holds a stack trace, SQL or a path.',
    headers: headers(['X-Request-Id']),
    content: json(errorSchema(500, null)),
  },
  Unavailable: {
    description: 'The database is busy (another process holds it): try again shortly.',
    headers: headers(['X-Request-Id', 'Retry-After']),
    content: json(errorSchema(503, null)),
  },
};

/** Written out on each path (`x-other-methods`): a reference only from there reads as unused. */
export const METHOD_NOT_ALLOWED: JsonSchema = {
  description: `A method other than ${ALLOWED_METHODS}. \`Allow\` lists the ones this path answers.`,
  headers: {
    ...headers(['X-Request-Id']),
    Allow: { description: ALLOWED_METHODS, required: true, schema: { type: 'string' } },
  },
  content: json(errorSchema(405, null)),
};
