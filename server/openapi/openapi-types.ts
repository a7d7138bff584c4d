import type { JsonSchema } from './schemas';

/**
 * The shapes and small builders every part of the OpenAPI documents uses (document.ts
 * puts the parts together).
 */
export type OpenApiDocument = { openapi: string; paths: Record<string, PathItem> } & JsonSchema;
/**
 * GET, and HEAD (the same answer without its body). `x-other-methods` is the answer to any
 * other method but OPTIONS (a CORS preflight, which no client calls itself): OpenAPI has no
 * operation for "every other method", and generated clients skip `x-` keys.
 */
export type PathItem = { get: Operation; head: Operation; 'x-other-methods': JsonSchema };
export type Operation = JsonSchema;
export type Parameter = JsonSchema;

export const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
