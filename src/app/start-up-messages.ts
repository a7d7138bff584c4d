import type { AppLocale } from '../lib/i18n/locales';

/**
 * The two things the page says before, or instead of, its message catalogs: while they
 * load, and when the app's code (catalogs included) can't be fetched at all. Kept here,
 * in every shipped language, because no catalog can be relied on at those moments.
 */
interface StartUpMessages {
  starting: string;
  loadFailed: string;
}

const START_UP_MESSAGES: Record<'en' | 'es' | 'pt-BR', StartUpMessages> = {
  en: {
    starting: 'Starting…',
    loadFailed:
      'The Workspace Browser could not load. Check your connection, then reload the page.',
  },
  es: {
    starting: 'Iniciando…',
    loadFailed:
      'No se pudo cargar Workspace Browser. Comprueba tu conexión y vuelve a cargar la página.',
  },
  'pt-BR': {
    starting: 'Iniciando…',
    loadFailed:
      'Não foi possível carregar o Workspace Browser. Verifique sua conexão e recarregue a página.',
  },
};

export function startUpMessagesOf(locale: AppLocale): StartUpMessages {
  return locale === 'en-XA' ? START_UP_MESSAGES.en : START_UP_MESSAGES[locale];
}
