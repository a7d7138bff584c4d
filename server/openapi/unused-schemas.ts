import type { OpenApiDocument } from './openapi-types';
import type { JsonSchema } from './schemas';

/** `$ref`s anywhere in a value. */
function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.add(item);
      else refsIn(item, found);
    }
  }
  return found;
}

/**
 * The document without the component schemas nothing refers to: a table's document has no
 * skills, and a table without a FILE column no `FileValue`. Lint tools fail unused ones.
 */
export function withoutUnusedSchemas(document: OpenApiDocument): OpenApiDocument {
  const { schemas, ...rest } = document.components as { schemas: Record<string, JsonSchema> };
  const prefix = '#/components/schemas/';
  const used = new Set<string>();
  let pending = [...refsIn({ ...document, components: rest }, new Set())];
  while (pending.length > 0) {
    const next: string[] = [];
    for (const target of pending) {
      const name = target.startsWith(prefix) ? target.slice(prefix.length) : null;
      if (name === null || used.has(name) || schemas[name] === undefined) continue;
      used.add(name);
      next.push(...refsIn(schemas[name], new Set()));
    }
    pending = next;
  }
  return {
    ...document,
    components: {
      ...rest,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}
