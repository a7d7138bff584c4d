/**
 * Rules of our own for Redocly CLI (loaded by redocly.yaml beside this file, offline).
 * `array-items`: every array schema says what it holds. OpenAPI 3.1 allows an array without
 * `items`, but Spectral's `array-items` fails it and generated clients type it `unknown[]`
 * (issue 19 found `Column.settings.options` so); Redocly has no such rule of its own.
 */
function ArrayItems() {
  return {
    Schema(schema, ctx) {
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      if (
        types.includes('array') &&
        schema.items === undefined &&
        schema.prefixItems === undefined
      ) {
        ctx.report({
          message: 'An array schema needs `items`: what the array holds.',
          location: ctx.location.child('type'),
        });
      }
    },
  };
}

export default function localRules() {
  return { id: 'local', rules: { oas3: { 'array-items': ArrayItems } } };
}
