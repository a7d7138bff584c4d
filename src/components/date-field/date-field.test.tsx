import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLocale } from '../../lib/i18n/i18n';
import type { ShippedLocale } from '../../lib/i18n/locales';
import { calendarDateOf } from './calendar-date-text';
import { DateFieldHarness, dateParts, shownDay } from './date-field-harness';

afterEach(async () => {
  await switchLocale('en');
});

describe('calendarDateOf', () => {
  it('reads a day as the filters write it, and nothing else', () => {
    expect(calendarDateOf('2026-03-01')?.toString()).toBe('2026-03-01');
    expect(calendarDateOf('garbage')).toBeNull();
    expect(calendarDateOf('2026-02-30')).toBeNull();
    expect(calendarDateOf('2026-03-01T10:00:00Z')).toBeNull();
    expect(calendarDateOf('')).toBeNull();
    expect(calendarDateOf(undefined)).toBeNull();
  });
});

describe('DateField', () => {
  it.each<[ShippedLocale, string, string]>([
    ['en', 'mm/dd/yyyy', '3/1/2026'],
    ['es', 'dd/mm/aaaa', '1/3/2026'],
    ['pt-BR', 'dd/mm/aaaa', '01/03/2026'],
  ])('in %s reads %s, and shows a day in that order', async (locale, pattern, day) => {
    await switchLocale(locale);
    const { unmount } = render(<DateFieldHarness />);
    expect(shownDay()).toBe(pattern);
    unmount();
    render(<DateFieldHarness initial="2026-03-01" />);
    expect(shownDay()).toBe(day);
  });

  it('is named by its label alone, so a filter is found by it', () => {
    render(<DateFieldHarness />);
    const group = screen.getByLabelText('Filter ordered_at');
    expect(group).toHaveAttribute('role', 'group');
    expect(group).not.toHaveAttribute('aria-labelledby');
  });

  it('names each part in the language on screen', async () => {
    await switchLocale('es');
    render(<DateFieldHarness />);
    const names = dateParts().map((part) => part.getAttribute('aria-label'));
    expect(names).toEqual([
      expect.stringMatching(/^día/),
      expect.stringMatching(/^mes/),
      expect.stringMatching(/^año/),
    ]);
  });

  it('takes a day typed in the language’s order and gives the filter its text', async () => {
    await switchLocale('es');
    const onDay = vi.fn();
    render(<DateFieldHarness onDay={onDay} />);
    const user = userEvent.setup();
    await user.click(dateParts()[0] as HTMLElement);
    await user.keyboard('01032026');
    // Each digit of the year makes a whole day (0002, 0020, …): the filter waits for a pause.
    expect(onDay).toHaveBeenLastCalledWith('2026-03-01');
    expect(screen.getByRole('status')).toHaveTextContent('2026-03-01');
  });

  it('gives nothing for a day half typed', async () => {
    const onDay = vi.fn();
    render(<DateFieldHarness onDay={onDay} />);
    const user = userEvent.setup();
    await user.click(dateParts()[0] as HTMLElement);
    await user.keyboard('03');
    expect(onDay).not.toHaveBeenCalled();
  });

  it('steps a part with the arrow keys and moves between parts', async () => {
    const onDay = vi.fn();
    render(<DateFieldHarness initial="2026-03-01" onDay={onDay} />);
    const user = userEvent.setup();
    const [month, day] = dateParts() as [HTMLElement, HTMLElement];
    act(() => day.focus());
    await user.keyboard('{ArrowUp}');
    expect(onDay).toHaveBeenLastCalledWith('2026-03-02');
    await user.keyboard('{ArrowLeft}');
    expect(month).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(onDay).toHaveBeenLastCalledWith('2026-02-02');
  });

  it('clears: Backspace on every part gives the filter no day; Escape is the filter’s', async () => {
    const onDay = vi.fn();
    const onEscape = vi.fn();
    render(<DateFieldHarness initial="2026-03-01" onDay={onDay} onEscape={onEscape} />);
    const user = userEvent.setup();
    const [month, day, year] = dateParts() as [HTMLElement, HTMLElement, HTMLElement];
    act(() => day.focus());
    await user.keyboard('{Backspace}');
    act(() => month.focus());
    await user.keyboard('{Backspace}');
    // A part cleared leaves no whole day: the filter keeps its day until every part is.
    expect(onDay).not.toHaveBeenCalled();
    act(() => year.focus());
    await user.keyboard('{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(onDay.mock.calls).toEqual([['']]);
    expect(shownDay()).toBe('mm/dd/yyyy');
    await user.keyboard('{Escape}');
    expect(onEscape).toHaveBeenCalledTimes(1);
  });

  it('an Escape the filter used is not also a dialog’s close request; one it did not use goes on', async () => {
    const seen: boolean[] = [];
    const onEscape = vi.fn().mockReturnValueOnce(true).mockReturnValueOnce(false);
    render(
      // biome-ignore lint/a11y/noStaticElementInteractions: a stand-in for the sheet's <dialog>, which closes on an Escape not prevented
      <div onKeyDown={(event) => seen.push(event.defaultPrevented)}>
        <DateFieldHarness initial="2026-03-01" onEscape={onEscape} />
      </div>,
    );
    const user = userEvent.setup();
    act(() => dateParts()[0]?.focus());
    await user.keyboard('{Escape}');
    // Used (a day cleared): stopped here, its default prevented.
    expect(seen).toEqual([]);
    await user.keyboard('{Escape}');
    // Nothing to clear: the holder sees it, free to close.
    expect(seen).toEqual([false]);
  });
});
