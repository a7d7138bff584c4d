import { documentReader, pointerSegment } from './document-reader';
import type { OpenApiDocument } from './openapi-types';

/**
 * Checks a request against an OpenAPI document, as a validating client or proxy would:
 * each documented path parameter and each documented query parameter must match its
 * schema. With response-check.ts it makes the Schemathesis-style checks of the server
 * tests (parameters.property.test.ts): the server must accept what this accepts and
 * refuse what this refuses (decision 055).
 *
 * A query value is read as its schema's type says: `integer` in decimal digits (`5`, `-5`;
 * not `+5`, `05`, `5.0`, `1e3`), `number` as JSON writes numbers (`5`, `-1.5e3`; not `+5`,
 * `.5`, ` 5`), within a double's range, `boolean` as `true` or `false`, anything else as
 * the text. An empty value passes where the parameter has `allowEmptyValue`.
 * Parameters the document does not name are not checked (the API ignores them), nor are
 * a `deepObject`'s keys (the whole API's `filter`, whose columns it can't know).
 */
export interface RequestChecker {
  /** Problems with the request ([] when the document allows it); null when the path is not documented. */
  problems(method: string, url: string): string[] | null;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  style?: string;
  allowEmptyValue?: boolean;
  schema: { type?: unknown };
}

const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const DIGITS = /^-?(0|[1-9]\d*)$/;

/** The query text as the schema's type reads it; undefined when it can't be read so. */
function typedValueOf(text: string, type: unknown): unknown {
  if (type === 'integer' || type === 'number') {
    const number = (type === 'integer' ? DIGITS : JSON_NUMBER).test(text) ? Number(text) : NaN;
    // Past a double's range (`1e400`) a number can't be read, here as in the server.
    return Number.isFinite(number) ? number : undefined;
  }
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  return text;
}

export function requestChecker(document: OpenApiDocument): RequestChecker {
  const reader = documentReader(document);
  return {
    problems(method, url) {
      const match = reader.match(url);
      if (match === null) return null;
      const operationPointer = `/paths/${pointerSegment(match.template)}/${method.toLowerCase()}`;
      const operation = reader.at(operationPointer) as { parameters?: Parameter[] } | undefined;
      if (operation === undefined) return [`${method} ${match.template} is not documented`];
      const query = new URLSearchParams(new URL(url, 'http://localhost').search);
      const problems: string[] = [];
      (operation.parameters ?? []).forEach((parameter, index) => {
        if (parameter.style === 'deepObject') return;
        const values =
          parameter.in === 'path'
            ? [match.pathParameters[parameter.name] ?? '']
            : query.getAll(parameter.name);
        const what = `${parameter.in} parameter ${parameter.name}`;
        if (values.length > 1) problems.push(`${what}: sent ${values.length} times`);
        const [text] = values;
        if (text === undefined || (text === '' && parameter.allowEmptyValue === true)) return;
        const value = typedValueOf(text, parameter.schema.type);
        if (value === undefined) {
          problems.push(`${what}: ${JSON.stringify(text)} is not a ${parameter.schema.type}`);
          return;
        }
        problems.push(
          ...reader.schemaProblems(`${operationPointer}/parameters/${index}/schema`, value, what),
        );
      });
      return problems;
    },
  };
}
