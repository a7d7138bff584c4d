/**
 * Rules of our own for Redocly CLI (loaded by redocly.yaml beside this file, offline), for
 * what issue 19's outside tools tripped on and Redocly has no rule for:
 * - `array-items`: every array schema says what it holds. OpenAPI 3.1 allows an array
 *   without `items`, but Spectral's `array-items` fails it and clients type it `unknown[]`.
 * - `object-shape`: an object schema says what it holds (`properties`,
 *   `additionalProperties` or `patternProperties`); a bare `type: object` becomes
 *   `Record<string, never>` in openapi-typescript, a type no value fits.
 * - `component-name`: no schema is named like a TypeScript global (`Record`, `Map`…),
 *   which a generated client's type would shadow.
 */
function typesOf(schema) {
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function ArrayItems() {
  return {
    Schema(schema, ctx) {
      if (typesOf(schema).includes('array') && !('items' in schema) && !('prefixItems' in schema)) {
        ctx.report({
          message: 'An array schema needs `items`: what the array holds.',
          location: ctx.location.child('type'),
        });
      }
    },
  };
}

function ObjectShape() {
  return {
    Schema(schema, ctx) {
      const shaped = ['properties', 'additionalProperties', 'patternProperties'].some(
        (keyword) => keyword in schema,
      );
      if (typesOf(schema).includes('object') && !shaped) {
        ctx.report({
          message:
            'An object schema needs `properties` or `additionalProperties`: generated clients type a bare object as empty.',
          location: ctx.location.child('type'),
        });
      }
    },
  };
}

const TYPESCRIPT_GLOBALS = new Set([
  'Array',
  'Boolean',
  'Date',
  'Error',
  'File',
  'Headers',
  'Map',
  'Number',
  'Object',
  'Omit',
  'Partial',
  'Pick',
  'Promise',
  'Readonly',
  'Record',
  'Request',
  'Required',
  'Response',
  'Set',
  'String',
  'URL',
]);

function ComponentName() {
  return {
    NamedSchemas: {
      Schema(_schema, ctx) {
        const name = ctx.key;
        if (TYPESCRIPT_GLOBALS.has(name)) {
          ctx.report({
            message: `The schema name "${name}" shadows TypeScript's own ${name} in generated clients.`,
            location: ctx.location.key(),
          });
        }
      },
    },
  };
}

export default function localRules() {
  return {
    id: 'local',
    rules: {
      oas3: {
        'array-items': ArrayItems,
        'object-shape': ObjectShape,
        'component-name': ComponentName,
      },
    },
  };
}
