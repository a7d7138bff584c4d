import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from './document';

/**
 * Checks an answer of the server against an OpenAPI document: the path and status must be
 * documented for GET, the body must match the documented schema. Used by the server tests
 * (testing/test-server.ts checks every GET they send), so the document and the routes
 * cannot drift apart unnoticed.
 */
export interface ResponseChecker {
  /**
   * Problems with this answer ([] when it matches); null when the path is not documented.
   * With `headers`, each header the document marks required for the answer must be there.
   */
  problems(
    method: string,
    url: string,
    status: number,
    body: string,
    headers?: Headers,
  ): string[] | null;
}

const DOCUMENT_ID = 'openapi.json';

function pointerSegment(text: string): string {
  return text.replaceAll('~', '~0').replaceAll('/', '~1');
}

function templateRegex(template: string): RegExp {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

function resolve(document: object, pointer: string): unknown {
  let node: unknown = document;
  for (const segment of pointer.split('/').slice(1)) {
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    node =
      typeof node === 'object' && node !== null
        ? (node as Record<string, unknown>)[key]
        : undefined;
  }
  return node;
}

export function responseChecker(document: OpenApiDocument): ResponseChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS; its default export arrives as the module object under some loaders.
  const withFormats =
    (addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats;
  withFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    regex: templateRegex(template),
  }));
  const validators = new Map<string, ValidateFunction>();

  function validatorFor(pointer: string): ValidateFunction {
    let validate = validators.get(pointer);
    if (validate === undefined) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      validators.set(pointer, validate);
    }
    return validate;
  }

  return {
    problems(method, url, status, body, headers) {
      if (method !== 'GET') return null;
      const path = new URL(url, 'http://localhost').pathname;
      const match = templates.find(({ regex }) => regex.test(path));
      if (match === undefined) return null;
      const operation = document.paths[match.template]?.get as
        | { responses: Record<string, { $ref?: string }> }
        | undefined;
      const answer = operation?.responses[String(status)];
      if (answer === undefined) {
        return [`GET ${match.template} answered ${status}, which the document does not list`];
      }
      const responsePointer =
        answer.$ref?.replace(/^#/, '') ??
        `/paths/${pointerSegment(match.template)}/get/responses/${status}`;
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return [`GET ${path} answered ${status} with a body that is not JSON`];
      }
      const problems: string[] = [];
      const documented = resolve(document, responsePointer) as
        | { headers?: Record<string, { required?: boolean }> }
        | undefined;
      for (const [name, header] of Object.entries(documented?.headers ?? {})) {
        if (header.required === true && headers !== undefined && !headers.has(name)) {
          problems.push(`GET ${match.template} ${status}: the header ${name} is missing`);
        }
      }
      const validate = validatorFor(`${responsePointer}/content/application~1json/schema`);
      if (!validate(parsed)) {
        for (const error of validate.errors ?? []) {
          problems.push(
            `GET ${match.template} ${status}: ${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
          );
        }
      }
      return problems;
    },
  };
}
