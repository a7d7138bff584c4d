/**
 * Light, dark, or following the system (the default). The choice is applied as a
 * `.dark` class on <html>, which Tailwind's dark variant keys on (src/index.css).
 * Free of React: the start-up script applies it before the app's code is in (./theme.ts
 * has the hook the toggle uses).
 */
export type ThemePreference = 'light' | 'dark' | 'system';

export const THEME_STORAGE_KEY = 'workspace-browser.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

export function applyTheme(preference: ThemePreference): void {
  const dark = preference === 'dark' || (preference === 'system' && systemPrefersDark());
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

/**
 * Applies the stored preference now and whenever the system switches, for the page's
 * whole life (the connect screen has no toggle but should still follow the system).
 */
export function startFollowingTheme(): void {
  applyTheme(readThemePreference());
  if (typeof matchMedia !== 'function') return;
  matchMedia(DARK_QUERY).addEventListener('change', () => applyTheme(readThemePreference()));
}
