import { documentReader, pointerSegment } from './document-reader';
import type { OpenApiDocument } from './openapi-types';

/**
 * Checks an answer of the server against an OpenAPI document: the path, method and status
 * must be documented, each header the document marks required must be there, each
 * documented header that is there must match its schema, and the body must match the
 * documented schema (HEAD: no body at all). A method other than GET, HEAD and OPTIONS is
 * checked against the path's `x-other-methods` answer (the 405). Used by the server tests
 * (testing/test-server.ts checks every request they send), so the document and the routes
 * cannot drift apart unnoticed.
 */
export interface ResponseChecker {
  /**
   * Problems with this answer ([] when it matches); null when the path is not documented,
   * or for OPTIONS (a CORS preflight, outside the document). With `headers`, the documented
   * headers are checked too.
   */
  problems(
    method: string,
    url: string,
    status: number,
    body: string,
    headers?: Headers,
  ): string[] | null;
}

interface DocumentedResponse {
  $ref?: string;
  headers?: Record<string, { required?: boolean; schema?: { type?: unknown } }>;
  content?: Record<string, unknown>;
}

/** A header's text as its schema reads it: an integer header's digits as a number. */
function headerValue(text: string, schema: { type?: unknown } | undefined): unknown {
  return schema?.type === 'integer' && /^-?\d+$/.test(text) ? Number(text) : text;
}

export function responseChecker(document: OpenApiDocument): ResponseChecker {
  const reader = documentReader(document);

  return {
    problems(method, url, status, body, headers) {
      if (method === 'OPTIONS') return null;
      const match = reader.match(url);
      if (match === null) return null;
      const item = `/paths/${pointerSegment(match.template)}`;
      const operationKey = method === 'GET' || method === 'HEAD' ? method.toLowerCase() : null;
      const what = `${method} ${match.template} ${status}`;
      let responsePointer: string;
      if (operationKey === null) {
        if (status !== 405) return [`${what}: any method but GET, HEAD and OPTIONS is a 405`];
        responsePointer = `${item}/x-other-methods`;
      } else {
        const operation = reader.at(`${item}/${operationKey}`) as
          | { responses: Record<string, DocumentedResponse> }
          | undefined;
        const answer = operation?.responses[String(status)];
        if (answer === undefined) return [`${what}: a status the document does not list`];
        responsePointer =
          answer.$ref?.replace(/^#/, '') ?? `${item}/${operationKey}/responses/${status}`;
      }
      const documented = reader.at(responsePointer) as DocumentedResponse | undefined;
      const problems: string[] = [];
      for (const [name, header] of Object.entries(documented?.headers ?? {})) {
        const value = headers?.get(name);
        if (headers === undefined) continue;
        if (value === null || value === undefined) {
          if (header.required === true) problems.push(`${what}: the header ${name} is missing`);
          continue;
        }
        if (header.schema !== undefined) {
          problems.push(
            ...reader.schemaProblems(
              `${responsePointer}/headers/${pointerSegment(name)}/schema`,
              headerValue(value, header.schema),
              `${what}: the header ${name} (${JSON.stringify(value.slice(0, 40))})`,
            ),
          );
        }
      }
      if (method === 'HEAD' || documented?.content === undefined) {
        if (body !== '') problems.push(`${what}: a body where the document says there is none`);
        return problems;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return [...problems, `${what}: a body that is not JSON`];
      }
      problems.push(
        ...reader.schemaProblems(
          `${responsePointer}/content/application~1json/schema`,
          parsed,
          `${what} body`,
        ),
      );
      return problems;
    },
  };
}
