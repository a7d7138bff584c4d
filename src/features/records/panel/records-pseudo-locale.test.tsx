import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG_AREAS } from '../../../lib/i18n/catalogs';
import { activeLocale, readyCatalogs, switchLocale } from '../../../lib/i18n/i18n';
import { PSEUDO_LOCALE } from '../../../lib/i18n/locales';
import { RecordCell } from '../columns/record-cell';
import type { RunningWalk, ViewWalks } from '../count/use-view-walks';
import { ViewWalkButtons, ViewWalkProgress } from '../count/view-walk-tools';
import { ColumnSummaryPanel } from '../summaries/column-summary-panel';
import { ColumnSummaryButton } from '../summaries/summary-button';
import { column, record } from '../testing/records-test-utils';
import { RecordPanel } from './record-panel';

/**
 * With the pseudo-locale on, every catalog message is between ⟦ and ⟧: text (and
 * aria-label, title, placeholder) with a letter outside the markers that is not workspace
 * data (`translate="no"`) did not come from the catalog. The jsdom twin of the e2e check,
 * for the record panel, column summaries, Count/Export and cells.
 */
function untranslatedText(root: HTMLElement): string[] {
  const LETTER = /\p{L}/u;
  const outsideMarkers = (text: string) =>
    text
      .replace(/⟦[^⟦⟧]*⟧/g, ' ')
      .replace(/^[^⟦]*⟧/, ' ')
      .replace(/⟦[^⟧]*$/, ' ');
  const isData = (element: Element) => element.closest('[translate="no"]') !== null;
  const isHidden = (element: Element) => element.closest('[hidden], [aria-hidden="true"]') !== null;
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || isData(parent) || isHidden(parent)) continue;
    const rest = outsideMarkers(node.textContent ?? '').trim();
    if (LETTER.test(rest)) found.push(`text "${rest}" in <${parent.tagName.toLowerCase()}>`);
  }
  for (const element of root.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (isData(element) || isHidden(element)) continue;
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const rest = outsideMarkers(element.getAttribute(name) ?? '').trim();
      if (LETTER.test(rest)) found.push(`${name} "${rest}" on <${element.tagName.toLowerCase()}>`);
    }
  }
  return found;
}

const columns = [
  column('name', 'TEXT', { orderIndex: 0, isPrimary: true }),
  column('amount', 'NUMBER', { orderIndex: 1, settings: { currency: 'BRL' } }),
  column('paid', 'BOOLEAN', { orderIndex: 2 }),
  column('tags', 'MULTISELECT', { orderIndex: 3 }),
  column('files', 'FILE', { orderIndex: 4 }),
  column('shipped_at', 'DATETIME', { orderIndex: 5 }),
  column('notes', 'TEXT', { orderIndex: 6 }),
];
const rows = [
  {
    ...record('rec-1', {
      name: 'Ada Lovelace',
      amount: 1234.5,
      paid: true,
      tags: ['gift', 'fragile', 'priority', 'repeat', 'wholesale'],
      files: [{ name: 'invoice.pdf', url: 'https://example.com/invoice.pdf' }],
      shipped_at: '2026-03-01T12:30:00Z',
      notes: null,
      extra: 'a field no column describes',
    }),
    createdAt: '2026-01-02T03:04:05Z',
    updatedAt: '2026-01-03T03:04:05Z',
  },
  record('rec-2', { name: 'Grace Hopper', amount: 99, paid: false, shipped_at: '2026-04-01' }),
];

function walksWith(running: RunningWalk | null, message: ViewWalks['message'] = null): ViewWalks {
  return {
    totals: null,
    running,
    message,
    dismissMessage: vi.fn(),
    count: vi.fn(),
    exportView: vi.fn(),
    cancel: vi.fn(),
    exportsReferences: true,
  };
}

beforeEach(async () => {
  await act(() => readyCatalogs(PSEUDO_LOCALE, CATALOG_AREAS));
});

afterEach(async () => {
  await switchLocale('en');
});

describe('the records screen’s own text in the pseudo-locale', () => {
  it('the record panel says nothing outside the catalog, only workspace data', async () => {
    const { container } = render(
      <RecordPanel record={rows[0] as (typeof rows)[0]} columns={columns} onClose={() => {}} />,
    );
    expect(container).toHaveTextContent('⟦');
    expect(untranslatedText(container)).toEqual([]);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getAllByRole('button', { name: /⟦/ })[3] as HTMLElement);
    expect(screen.getByRole('status')).toHaveTextContent('⟦');
    expect(untranslatedText(container)).toEqual([]);
  });

  it('cells of every kind', () => {
    const { container } = render(
      <>
        {columns.map((each) => (
          <RecordCell
            key={each.name}
            value={rows[0]?.fields[each.name]}
            type={each.type}
            locale={activeLocale()}
          />
        ))}
        <RecordCell value={false} type="BOOLEAN" locale={activeLocale()} />
      </>,
    );
    expect(untranslatedText(container)).toEqual([]);
  });

  it.each(['name', 'amount', 'paid', 'tags', 'shipped_at'])(
    'the summary of a %s column, and its button',
    (name) => {
      const summarized = columns.find((each) => each.name === name) ?? columns[0];
      if (!summarized) throw new Error('no column');
      const { container } = render(
        <>
          <ColumnSummaryButton columnName={name} expanded={false} onClick={() => {}} />
          <ColumnSummaryPanel
            column={summarized}
            source={{ walked: null, loadedRows: rows, loadedIsAll: false }}
            onClose={() => {}}
          />
        </>,
      );
      expect(untranslatedText(container)).toEqual([]);
    },
  );

  it('Count and Export: buttons, the export menu, progress and messages', async () => {
    const running: RunningWalk = {
      kind: 'export',
      records: 1_200,
      startedAt: performance.now() - 2_000,
      wait: { seconds: 3, reason: 'rate_limit' },
      expectedTotal: 5_000,
      fileName: 'Orders 2026-11-25.csv',
      names: { read: 40, needed: 120, unreadable: 0, walking: [] },
    };
    const { container } = render(
      <>
        <ViewWalkButtons walks={walksWith(null)} />
        <ViewWalkProgress walks={walksWith(running)} />
      </>,
    );
    await userEvent.click(screen.getAllByRole('button', { name: /⟦/ })[1] as HTMLElement);
    // Format names are the formats' own, the same in every language.
    expect(screen.getByRole('radio', { name: 'CSV', checked: true })).toBeInTheDocument();
    expect(untranslatedText(container)).toEqual([]);
  });

  it('a walk that stopped: the sentence from the catalog, the service’s words as it sent them', () => {
    const { container } = render(
      <ViewWalkProgress
        walks={walksWith(null, {
          tone: 'problem',
          text: (t) => t('records.count.stopped', { count: 1_000 }),
          details: () => 'The cursor does not belong to this list.',
        })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The cursor does not belong to this list.');
    expect(untranslatedText(container)).toEqual([]);
  });
});
