import { useCallback, useEffect, useState } from 'react';
import {
  applyTheme,
  readThemePreference,
  THEME_STORAGE_KEY,
  type ThemePreference,
} from './theme-preference';

export type { ThemePreference } from './theme-preference';

export function useTheme(): [ThemePreference, (preference: ThemePreference) => void] {
  const [preference, setPreferenceState] = useState(readThemePreference);

  useEffect(() => {
    applyTheme(preference);
  }, [preference]);

  const setPreference = useCallback((next: ThemePreference) => {
    try {
      if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Not persisted (privacy mode); the choice still applies to this page.
    }
    setPreferenceState(next);
  }, []);

  return [preference, setPreference];
}
