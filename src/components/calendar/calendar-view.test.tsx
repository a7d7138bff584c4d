import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { datedValueOf } from './calendar-dates';
import type { CalendarEntry } from './calendar-entry';
import type { CalendarSpan } from './calendar-span';
import { CalendarView } from './calendar-view';

function entry(id: string, label: string, value: string): CalendarEntry {
  const when = datedValueOf(value);
  if (!when) throw new Error(value);
  return { id, label, when };
}

const today = new Date(2025, 5, 11, 9);
const june: CalendarSpan = { mode: 'month', month: { year: 2025, month: 6 } };

function renderCalendar(
  entries: CalendarEntry[],
  props: { span?: CalendarSpan; narrow?: boolean } = {},
) {
  const onSpanChange = vi.fn();
  const onOpen = vi.fn();
  const byDay = new Map<string, CalendarEntry[]>();
  for (const item of entries) byDay.set(item.when.day, [...(byDay.get(item.when.day) ?? []), item]);
  renderWithProviders(
    <CalendarView
      label="Orders by ordered_at"
      span={props.span ?? june}
      onSpanChange={onSpanChange}
      entriesByDay={byDay}
      onOpen={onOpen}
      narrow={props.narrow ?? false}
      today={today}
    />,
  );
  return { onSpanChange, onOpen };
}

describe('CalendarView', () => {
  it('draws the month as a grid of labelled days from the first day of the week, today marked', async () => {
    renderCalendar([]);
    const grid = await screen.findByRole('grid', { name: 'Orders by ordered_at' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers[0]).toHaveAccessibleName('Sunday');
    expect(screen.getByRole('heading', { name: 'June 2025' })).toBeInTheDocument();
    const todayCell = within(grid).getByRole('gridcell', {
      name: 'Today, Wednesday, June 11, 2025',
    });
    expect(todayCell).toHaveAttribute('aria-current', 'date');
    expect(todayCell).toHaveAttribute('tabindex', '0');
  });

  it('places entries on their day with their time, and says how many more a crowded day has', async () => {
    const crowded = Array.from({ length: 5 }, (_, i) =>
      entry(`r${i}`, `Order ${i}`, new Date(2025, 5, 3, 8 + i).toISOString()),
    );
    const { onOpen, onSpanChange } = renderCalendar([
      ...crowded,
      entry('d1', 'All-day order', '2025-06-20'),
    ]);
    const grid = await screen.findByRole('grid');
    const third = within(grid).getByRole('gridcell', { name: 'Tuesday, June 3, 2025' });
    expect(within(third).getAllByRole('button', { name: /Order \d/ })).toHaveLength(3);
    expect(within(third).getByRole('button', { name: /Order 0/ })).toHaveTextContent('8:00 AM');
    const more = within(third).getByRole('button', {
      name: '2 more on Tuesday, June 3, 2025: show its week',
    });
    expect(more).toHaveTextContent('+2 more');
    fireEvent.click(more);
    expect(onSpanChange).toHaveBeenCalledWith({ mode: 'week', day: new Date(2025, 5, 3) });
    const twentieth = within(grid).getByRole('gridcell', { name: 'Friday, June 20, 2025' });
    fireEvent.click(within(twentieth).getByRole('button', { name: 'All-day order' }));
    expect(onOpen).toHaveBeenCalledWith('d1');
  });

  it('moves between days with the arrow keys, one Tab stop', async () => {
    renderCalendar([]);
    const grid = await screen.findByRole('grid');
    const todayCell = within(grid).getByRole('gridcell', { name: /June 11, 2025/ });
    todayCell.focus();
    fireEvent.keyDown(todayCell, { key: 'ArrowDown' });
    const next = within(grid).getByRole('gridcell', { name: 'Wednesday, June 18, 2025' });
    expect(next).toHaveFocus();
    expect(next).toHaveAttribute('tabindex', '0');
    expect(todayCell).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(next, { key: 'Home' });
    expect(within(grid).getByRole('gridcell', { name: 'Sunday, June 15, 2025' })).toHaveFocus();
  });

  it('steps months and returns to today', async () => {
    const { onSpanChange } = renderCalendar([], {
      span: { mode: 'month', month: { year: 2024, month: 1 } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Previous month' }));
    expect(onSpanChange).toHaveBeenLastCalledWith({
      mode: 'month',
      month: { year: 2023, month: 12 },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(onSpanChange).toHaveBeenLastCalledWith({
      mode: 'month',
      month: { year: 2025, month: 6 },
    });
  });

  it('shows a phone the days that have entries as an agenda', async () => {
    renderCalendar(
      [entry('a', 'Early order', '2025-06-02'), entry('b', 'Late order', '2025-06-28')],
      {
        narrow: true,
      },
    );
    const agenda = await screen.findByRole('list', { name: 'Orders by ordered_at' });
    expect(within(agenda).getByRole('heading', { name: 'Monday, June 2' })).toBeInTheDocument();
    expect(within(agenda).getByRole('button', { name: 'Late order' })).toBeInTheDocument();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
