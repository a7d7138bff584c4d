import { MAX_PEOPLE_FILE_CHARS } from './people-limits';
import { type PeopleListProblem, parsePeopleList } from './people-list';

export type PeopleFileProblem =
  | PeopleListProblem
  | { kind: 'unreachable' }
  | { kind: 'status'; status: number }
  | { kind: 'too-large'; limit: number };

export class PeopleFileError extends Error {
  override readonly name = 'PeopleFileError';
  constructor(readonly problem: PeopleFileProblem) {
    super(`people file: ${problem.kind}`);
  }
}

/** Reads at most `limit` characters' worth of bytes; more is an error, never a cut list. */
async function boundedText(response: Response, limit: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit * 4) return null;
  const reader = response.body?.getReader();
  if (!reader) {
    const text = await response.text();
    return text.length > limit ? null : text;
  }
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > limit) {
      await reader.cancel();
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * The deployment's people file. `mode: 'same-origin'` refuses any other origin, redirects
 * to one included; no credentials and no headers: the API key never goes to it, whatever
 * the file's URL says.
 */
export async function fetchPeopleFile(
  url: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<Map<string, string>> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      mode: 'same-origin',
      credentials: 'omit',
      cache: 'no-cache',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new PeopleFileError({ kind: 'unreachable' });
  }
  if (!response.ok) throw new PeopleFileError({ kind: 'status', status: response.status });
  const text = await boundedText(response, MAX_PEOPLE_FILE_CHARS);
  if (text === null) throw new PeopleFileError({ kind: 'too-large', limit: MAX_PEOPLE_FILE_CHARS });
  const parsed = parsePeopleList(text);
  if ('problem' in parsed) throw new PeopleFileError(parsed.problem);
  return parsed.people;
}
