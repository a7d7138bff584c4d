// The message catalogs (src/locales/<locale>/<area>.json), compiled at build time by
// @lingui/vite-plugin so the bundle carries no message parser (docs/decisions/036).
import { readdirSync } from 'node:fs';
import { formatter } from '@lingui/format-json';

/** One catalog per area of the app (the English files name them), loaded with its screens. */
const areas = readdirSync(new URL('./src/locales/en/', import.meta.url))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

export default {
  locales: ['en', 'es', 'pt-BR'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  format: formatter({ style: 'minimal' }),
  catalogs: areas.map((area) => ({ path: `<rootDir>/src/locales/{locale}/${area}`, include: [] })),
};
