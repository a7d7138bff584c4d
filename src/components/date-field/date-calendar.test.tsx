import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLocale } from '../../lib/i18n/i18n';
import type { ShippedLocale } from '../../lib/i18n/locales';
import { calendar, calendarButton, DateFieldHarness } from './date-field-harness';

afterEach(async () => {
  await switchLocale('en');
});

/** The weekdays' letters over the days (hidden from screen readers: each day says its date). */
const weekdays = () => [...calendar().querySelectorAll('th')].map((header) => header.textContent);

describe('the date field’s calendar', () => {
  it.each<[ShippedLocale, string, string]>([
    // The week starts on Monday in Spain, on Sunday in the US and in Brazil.
    ['en', 'March 2026', 'SMTWTFS'],
    ['es', 'marzo de 2026', 'LMXJVSD'],
    ['pt-BR', 'março de 2026', 'DSTQQSS'],
  ])('in %s shows %s with its weekdays in the language’s order', async (locale, month, days) => {
    await switchLocale(locale);
    const user = userEvent.setup();
    render(<DateFieldHarness initial="2026-03-18" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calendarButton()).toHaveAttribute('aria-expanded', 'false');
    // The button and the calendar are named by the app's catalog, in the test's words here.
    await user.click(calendarButton());
    expect(calendarButton()).toHaveAttribute('aria-expanded', 'true');
    expect(within(calendar()).getByRole('heading')).toHaveTextContent(month);
    expect(weekdays().join('').toUpperCase()).toBe(days);
    // The month buttons' words are the catalog's in that language.
    const previous = { en: 'Previous month', es: 'Mes anterior', 'pt-BR': 'Mês anterior' }[
      locale as 'en' | 'es' | 'pt-BR'
    ];
    expect(within(calendar()).getByRole('button', { name: previous })).toBeInTheDocument();
  });

  it('opens from the keyboard on the field’s day; arrows move, Enter picks, focus goes back to the button', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    render(<DateFieldHarness initial="2026-03-18" onPick={onPick} />);
    act(() => calendarButton().focus());
    await user.keyboard('{Enter}');
    // Focus on the field's day, named in full.
    const grid = within(calendar()).getByRole('grid');
    expect(document.activeElement).toHaveAccessibleName(/March 18, 2026/);
    expect(grid.contains(document.activeElement)).toBe(true);
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(/March 26, 2026/);
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith('2026-03-26');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calendarButton()).toHaveFocus();
    // The field shows the picked day.
    expect(screen.getByRole('group', { name: 'Filter ordered_at' })).toHaveTextContent(
      /3\D*26\D*2026/,
    );
  });

  it('turns the month with Page Down and the next month button, and a tap picks a day', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    render(<DateFieldHarness initial="2026-03-18" onPick={onPick} />);
    await user.click(calendarButton());
    await user.keyboard('{PageDown}');
    expect(within(calendar()).getByRole('heading')).toHaveTextContent('April 2026');
    await user.click(within(calendar()).getByRole('button', { name: 'Next month' }));
    expect(within(calendar()).getByRole('heading')).toHaveTextContent('May 2026');
    await user.click(within(calendar()).getByRole('button', { name: /May 5, 2026/ }));
    expect(onPick).toHaveBeenCalledWith('2026-05-05');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape closes the calendar and leaves the filter’s day alone', async () => {
    const onPick = vi.fn();
    const onEscape = vi.fn();
    const user = userEvent.setup();
    render(<DateFieldHarness initial="2026-03-18" onPick={onPick} onEscape={onEscape} />);
    await user.click(calendarButton());
    await user.keyboard('{ArrowRight}{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calendarButton()).toHaveFocus();
    expect(onPick).not.toHaveBeenCalled();
    // Escape in the calendar is the calendar's, not the filter's (which clears the day).
    expect(onEscape).not.toHaveBeenCalled();
  });

  it('opens on no day at all, on this month, and is placed fixed to the screen', async () => {
    const user = userEvent.setup();
    render(<DateFieldHarness />);
    await user.click(calendarButton());
    const today = new Date();
    const month = today.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
    expect(within(calendar()).getByRole('heading')).toHaveTextContent(month);
    // Floating UI places it (decision 054): fixed, so no scrolling box cuts it.
    await vi.waitFor(() => expect(calendar().style.position).toBe('fixed'));
  });
});

describe('react-aria’s pressable rule', () => {
  it('adds no inline <style> (the CSP refuses one): the rule is the app stylesheet’s', async () => {
    const user = userEvent.setup();
    render(<DateFieldHarness initial="2026-03-18" />);
    await user.click(calendarButton());
    expect(calendar()).toBeInTheDocument();
    expect(document.querySelectorAll('style#react-aria-pressable-style')).toHaveLength(0);
    expect(document.getElementById('react-aria-pressable-style')?.tagName).toBe('META');
  });
});
