import { afterEach, describe, expect, it } from 'vitest';
import { formatCurrency, formatList, formatNumber } from './formats';
import { activeLocale, readyCatalogs, switchLocale, t } from './i18n';
import { initialLocale, negotiateLocale, PSEUDO_LOCALE } from './locales';

afterEach(async () => {
  await switchLocale('en');
});

describe('choosing a language', () => {
  it('takes the first browser language it can serve, by tag then by language', () => {
    expect(negotiateLocale(['de-DE', 'pt-PT', 'en'])).toBe('pt-BR');
    expect(negotiateLocale(['es-MX'])).toBe('es');
    expect(negotiateLocale(['EN-gb'])).toBe('en');
    expect(negotiateLocale(['de', 'fr'])).toBe('en');
    expect(negotiateLocale(['de'], ['es', 'pt-BR'])).toBe('es');
  });

  it('prefers the device’s choice when the deployment allows it', () => {
    expect(initialLocale(['en', 'es', 'pt-BR'], ['en-US'], 'es')).toBe('es');
    expect(initialLocale(['en', 'pt-BR'], ['en-US'], 'es')).toBe('en');
    expect(initialLocale(['en'], ['en-US'], PSEUDO_LOCALE)).toBe(PSEUDO_LOCALE);
  });
});

describe('messages and formats in one language', () => {
  it('switches words, plurals and Intl formats together, and <html lang>', async () => {
    expect(t('common.count.records', { count: 1 })).toBe('1 record');
    await switchLocale('es');
    expect(activeLocale()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(t('common.count.records', { count: 0 })).toBe('Ningún registro');
    expect(t('common.count.records', { count: 1 })).toBe('1 registro');
    expect(t('common.count.records', { count: 1234 })).toBe('1234 registros');
    expect(formatNumber(1234.56)).toBe('1234,56');
    expect(formatNumber(12345.6)).toBe('12.345,6');
    expect(formatCurrency(1234.5, 'EUR')).toBe('1234,50\u00a0€');
    expect(formatList(['gift', 'fragile'])).toBe('gift y fragile');
    await switchLocale('pt-BR');
    expect(t('common.value.no')).toBe('Não');
    expect(formatCurrency(1234.5, 'BRL')).toBe('R$\u00a01.234,50');
  });

  it('pseudo-localizes every message, keeping placeholders and plural forms', async () => {
    await readyCatalogs(PSEUDO_LOCALE, ['common']);
    const text = t('common.count.records', { count: 2 });
    expect(text.startsWith('⟦')).toBe(true);
    expect(text.endsWith('⟧')).toBe(true);
    expect(text).toContain('2 ŕéçöŕðš');
    expect(text.length).toBeGreaterThan('2 records'.length * 1.3);
  });
});

describe('formatters kept per options object', () => {
  it('gives the language on screen even for an options object formatted before', async () => {
    const twoDecimals = { minimumFractionDigits: 2 };
    expect(formatNumber(12345.6, twoDecimals)).toBe('12,345.60');
    await switchLocale('pt-BR');
    expect(formatNumber(12345.6, twoDecimals)).toBe('12.345,60');
    await switchLocale('en');
    expect(formatNumber(12345.6, twoDecimals)).toBe('12,345.60');
  });
});
