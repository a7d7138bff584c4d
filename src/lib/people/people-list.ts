import { MAX_PEOPLE, MAX_PERSON_TEXT } from './people-limits';

/**
 * The people file's format, also what "Export names" writes (so an export can be hosted as
 * a deployment's people.json): `{"people": [{"id": "…", "name": "…"}]}`.
 */
export interface PersonEntry {
  id: string;
  name: string;
}

/** Why a people list was refused: one word for the message, and where. */
export type PeopleListProblem =
  | { kind: 'not-json' }
  | { kind: 'shape' }
  | { kind: 'too-many'; limit: number }
  | { kind: 'entry'; index: number };

function personText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' || text.length > MAX_PERSON_TEXT ? null : text;
}

/**
 * Checks a people list strictly: a file with one bad entry is a mistake to fix, not a
 * half-read directory that names some people and silently not others.
 */
export function parsePeopleList(
  text: string,
): { people: Map<string, string> } | { problem: PeopleListProblem } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: { kind: 'not-json' } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: { kind: 'shape' } };
  }
  const list = (value as { people?: unknown }).people;
  if (!Array.isArray(list)) return { problem: { kind: 'shape' } };
  if (list.length > MAX_PEOPLE) return { problem: { kind: 'too-many', limit: MAX_PEOPLE } };
  const people = new Map<string, string>();
  for (const [index, entry] of list.entries()) {
    if (typeof entry !== 'object' || entry === null) return { problem: { kind: 'entry', index } };
    const id = personText((entry as { id?: unknown }).id);
    const name = personText((entry as { name?: unknown }).name);
    if (id === null || name === null) return { problem: { kind: 'entry', index } };
    people.set(id, name);
  }
  return { people };
}

/** The JSON "Export names" downloads, sorted by name so two exports compare line by line. */
export function peopleListJson(people: ReadonlyMap<string, string>): string {
  const entries = [...people]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
  return `${JSON.stringify({ people: entries }, null, 2)}\n`;
}
