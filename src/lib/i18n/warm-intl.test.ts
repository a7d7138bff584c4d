import { describe, expect, it, vi } from 'vitest';
import { warmIntlFormatters } from './warm-intl';

describe('warming Intl for the language on screen', () => {
  it('makes one formatter a task, in that language, never all in one task', () => {
    const tasks: Array<() => void> = [];
    const made: string[] = [];
    const spies = (['NumberFormat', 'PluralRules', 'DateTimeFormat', 'ListFormat'] as const).map(
      (kind) => {
        const Original = Intl[kind] as unknown as new (...args: unknown[]) => object;
        // A function, not an arrow: the code under test calls it with `new`.
        return vi.spyOn(Intl, kind).mockImplementation(function made_(
          locale: string,
          options?: object,
        ) {
          made.push(`${kind} ${locale}`);
          return new Original(locale, options);
        } as never);
      },
    );
    try {
      warmIntlFormatters('pt-BR', (run) => tasks.push(run));
      expect(made).toEqual([]);
      for (let task = tasks.shift(); task; task = tasks.shift()) {
        const before = made.length;
        task();
        expect(made.length - before).toBeLessThanOrEqual(1);
      }
      expect(made).toEqual([
        'NumberFormat pt-BR',
        'PluralRules pt-BR',
        'DateTimeFormat pt-BR',
        'ListFormat pt-BR',
      ]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
