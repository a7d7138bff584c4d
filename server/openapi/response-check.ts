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
  /** Problems with this answer ([] when it matches); null when the path is not documented. */
  problems(method: string, url: string, status: number, body: string): string[] | null;
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
    problems(method, url, status, body) {
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
      const validate = validatorFor(`${responsePointer}/content/application~1json/schema`);
      if (validate(parsed)) return [];
      return (validate.errors ?? []).map(
        (error) =>
          `GET ${match.template} ${status}: ${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
      );
    },
  };
}
