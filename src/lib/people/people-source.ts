/**
 * Where a deployment's names for people come from (config.json `people`, docs/deployment.md).
 * The API has no people list: the ids on tasks (assignees) and projects (leads) are
 * users' and bots' ids, and a deployment that knows who they are can say so in one of two
 * ways.
 */
export type PeopleSource =
  /** A table of the workspace, read with the workspace's own key. */
  | { kind: 'table'; tableId: string; idColumn: string; nameColumn: string }
  /**
   * A JSON file hosted beside the dashboard (same origin; fetched without the key).
   * `url` is as configured, relative to the page.
   */
  | { kind: 'file'; url: string };

const EXAMPLE =
  '{"table": "<table id>", "idColumn": "<column with the user or bot id>", "nameColumn": "<column with the name>"} or {"file": "./people.json"}';

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * A relative URL on this page's origin: no scheme, no `//host`, no backslashes (which
 * browsers read as slashes). The API key is never sent to it: it is not the service.
 */
export function isSameOriginRelativeUrl(text: string): boolean {
  if (text === '' || text.includes('\\')) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return false;
  if (text.startsWith('//')) return false;
  // Control characters and spaces are stripped by URL parsers in surprising places.
  for (const char of text) {
    if (char.charCodeAt(0) <= 0x20) return false;
  }
  return true;
}

/** config.json's `people`, or the problem to name (in the config error's own English). */
export function parsePeopleSource(value: unknown): { source: PeopleSource } | { problem: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: `people must be an object like ${EXAMPLE}` };
  }
  const input = value as Record<string, unknown>;
  const keys = Object.keys(input).filter((key) => !key.startsWith('//'));
  if ('file' in input) {
    const unknown = keys.filter((key) => key !== 'file');
    if (unknown.length > 0) {
      return { problem: `people: "file" goes alone (also found: ${unknown.join(', ')})` };
    }
    const file = input.file;
    if (!nonEmptyString(file) || !isSameOriginRelativeUrl(file.trim())) {
      return {
        problem:
          'people.file must be a relative URL on the dashboard\'s own site, like "./people.json"',
      };
    }
    return { source: { kind: 'file', url: file.trim() } };
  }
  if ('table' in input) {
    const unknown = keys.filter(
      (key) => key !== 'table' && key !== 'idColumn' && key !== 'nameColumn',
    );
    if (unknown.length > 0) return { problem: `people: unknown setting(s): ${unknown.join(', ')}` };
    const { table, idColumn, nameColumn } = input;
    const missing = [
      nonEmptyString(table) ? null : 'table',
      nonEmptyString(idColumn) ? null : 'idColumn',
      nonEmptyString(nameColumn) ? null : 'nameColumn',
    ].filter((name): name is string => name !== null);
    if (missing.length > 0) {
      return { problem: `people: ${missing.join(', ')} must be non-empty strings (${EXAMPLE})` };
    }
    return {
      source: {
        kind: 'table',
        tableId: (table as string).trim(),
        idColumn: idColumn as string,
        nameColumn: nameColumn as string,
      },
    };
  }
  return { problem: `people must name a "table" or a "file": ${EXAMPLE}` };
}
