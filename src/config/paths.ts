/** Every in-app route path is built here, so links and the router never disagree. */
export const paths = {
  home: () => '/',
  /** `next`: the path (with its query string) to return to once connected. */
  connect: (next?: string | null) =>
    next && next !== '/' ? `/connect?next=${encodeURIComponent(next)}` : '/connect',
  table: (tableId: string) => `/tables/${encodeURIComponent(tableId)}`,
  skills: () => '/skills',
  skill: (skillId: string) => `/skills/${encodeURIComponent(skillId)}`,
} as const;

/**
 * Only an in-app path may be returned to after connecting: anything else (a full URL,
 * `//host`) falls back to home.
 */
export function safeReturnPath(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/connect')) {
    return paths.home();
  }
  return next;
}
