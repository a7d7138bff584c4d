import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from './openapi-types';

/**
 * What checking a request or a reply against an OpenAPI document needs: its paths as
 * patterns, JSON pointers into it, and a validator for any schema in it (response-check.ts,
 * request-check.ts).
 */
export interface DocumentReader {
  /** The documented path template `url`'s path matches, with its path parameters; or null. */
  match(url: string): { template: string; pathParameters: Record<string, string> } | null;
  /** The value at a JSON pointer of the document. */
  at(pointer: string): unknown;
  /** Problems of `value` against the schema at `pointer` ([] when it is valid). */
  schemaProblems(pointer: string, value: unknown, what: string): string[];
}

const DOCUMENT_ID = 'openapi.json';

export function pointerSegment(text: string): string {
  return text.replaceAll('~', '~0').replaceAll('/', '~1');
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A path segment decoded; one that is not valid percent-encoding, as it is. */
function decodedOrAsIs(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function documentReader(document: OpenApiDocument): DocumentReader {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS; its default export arrives as the module object under some loaders.
  const withFormats =
    (addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats;
  withFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const templates = Object.keys(document.paths).map((template) => {
    const names: string[] = [];
    const pattern = template
      .split(/(\{[^}]+\})/)
      .map((part) => {
        if (!part.startsWith('{')) return escapeRegex(part);
        names.push(part.slice(1, -1));
        return '([^/]+)';
      })
      .join('');
    return { template, names, regex: new RegExp(`^${pattern}$`) };
  });
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
    match(url) {
      const path = new URL(url, 'http://localhost').pathname;
      for (const { template, names, regex } of templates) {
        const found = regex.exec(path);
        if (found === null) continue;
        const pathParameters = Object.fromEntries(
          names.map((name, index) => [name, decodedOrAsIs(found[index + 1] ?? '')]),
        );
        return { template, pathParameters };
      }
      return null;
    },
    at(pointer) {
      let node: unknown = document;
      for (const segment of pointer.split('/').slice(1)) {
        const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
        node =
          typeof node === 'object' && node !== null
            ? (node as Record<string, unknown>)[key]
            : undefined;
      }
      return node;
    },
    schemaProblems(pointer, value, what) {
      const validate = validatorFor(pointer);
      if (validate(value)) return [];
      return (validate.errors ?? []).map(
        (error) =>
          `${what}: ${error.instancePath || '(value)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
      );
    },
  };
}
