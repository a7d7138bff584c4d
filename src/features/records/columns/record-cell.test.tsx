import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ColumnType } from '../../../lib/api/types';
import { activeLocale, switchLocale } from '../../../lib/i18n/i18n';
import { CELL_TEXT_LIMIT, cellTitleOf, currencyOf, RecordCell } from './record-cell';

function cell(value: unknown, type: ColumnType) {
  return render(<RecordCell value={value} type={type} locale={activeLocale()} />).container;
}

describe('RecordCell', () => {
  it('shows markup as text and never runs it', () => {
    const container = cell('<script>alert(1)</script><img src=x onerror="alert(2)">', 'TEXT');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script><img src=x onerror="alert(2)">');
  });

  it('links only http(s) URLs', () => {
    cell('https://example.com/a?b=1', 'URL');
    const link = screen.getByRole('link', { name: 'https://example.com/a?b=1' });
    expect(link).toHaveAttribute('href', 'https://example.com/a?b=1');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x'])(
    'keeps %s as plain text',
    (value) => {
      const container = cell(value, 'URL');
      expect(screen.queryByRole('link')).toBeNull();
      expect(container).toHaveTextContent(value.trim());
    },
  );

  it('formats money when the column names a currency, and keeps the whole number for the tooltip', () => {
    render(<RecordCell value={999.7} type="NUMBER" currency="EUR" locale={activeLocale()} />);
    const amount = screen.getByText(/999\.70/);
    expect(amount).toHaveTextContent('€');
    // The grid's one tooltip shows it when a narrow column cuts it; no title per cell.
    expect(amount).not.toHaveAttribute('title');
    expect(cellTitleOf(999.7, 'NUMBER', 'EUR')).toEqual({ text: amount.textContent, more: false });
  });

  it('reads a currency only from a three-letter code in the settings', () => {
    expect(currencyOf({ currency: 'eur' })).toBe('EUR');
    expect(currencyOf({ currency: '<b>€</b>' })).toBeNull();
    expect(currencyOf(null)).toBeNull();
  });

  it('makes mailto links for e-mail addresses only', () => {
    cell('ada@example.com', 'EMAIL');
    expect(screen.getByRole('link')).toHaveAttribute('href', 'mailto:ada@example.com');
  });

  it('cuts a 10 kB string down, keeping the start', () => {
    const long = `start ${'x'.repeat(10_000)}`;
    const container = cell(long, 'LONGTEXT');
    expect(container.textContent?.length).toBeLessThanOrEqual(CELL_TEXT_LIMIT + 1);
    expect(container).toHaveTextContent(/^start x+…$/);
  });

  it('keeps right-to-left text and emoji intact, in their own direction', () => {
    const container = cell('مرحبا 👋🏽 world', 'TEXT');
    expect(container).toHaveTextContent('مرحبا 👋🏽 world');
    expect(container.querySelector('[dir="auto"]')).not.toBeNull();
  });

  it('shows null as a visible, announced empty value', () => {
    const container = cell(null, 'TEXT');
    expect(container).toHaveTextContent('—');
    expect(screen.getByText('empty')).toHaveClass('sr-only');
  });

  it('formats numbers for the reader and booleans with words for screen readers', () => {
    expect(cell(1234567.5, 'NUMBER')).toHaveTextContent('1,234,567.5');
    cell(true, 'BOOLEAN');
    expect(screen.getByText('Yes')).toHaveClass('sr-only');
    cell(false, 'BOOLEAN');
    expect(screen.getByText('No')).toHaveClass('sr-only');
  });

  it('shows dates readably, with the exact ISO value for the tooltip', () => {
    const container = cell('2026-03-01T12:30:00.000Z', 'DATETIME');
    const time = container.querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2026-03-01T12:30:00.000Z');
    expect(time).not.toHaveAttribute('title');
    expect(time?.textContent).toMatch(/2026/);
    expect(cellTitleOf('2026-03-01T12:30:00.000Z', 'DATETIME')).toEqual({
      text: '2026-03-01T12:30:00.000Z',
      more: true,
    });
  });

  it('gives the tooltip the whole value, saying when the cell shows less however wide it is', () => {
    const long = `start ${'x'.repeat(300)}`;
    expect(cellTitleOf(long, 'LONGTEXT')).toEqual({ text: long, more: true });
    expect(cellTitleOf('short', 'TEXT')).toEqual({ text: 'short', more: false });
    expect(cellTitleOf(['a', 'b', 'c', 'd', 'e'], 'MULTISELECT')).toEqual({
      text: 'a, b, c, d, e',
      more: true,
    });
    expect(cellTitleOf(['a', 'b'], 'MULTISELECT')).toEqual({ text: 'a, b', more: false });
    expect(cellTitleOf([{ name: 'a.pdf' }, { name: 'b.png' }], 'FILE')).toEqual({
      text: 'a.pdf, b.png',
      more: false,
    });
    // Nothing more to show: empty, a boolean; a REFERENCE cell is a link with its own label.
    expect(cellTitleOf(null, 'TEXT')).toBeNull();
    expect(cellTitleOf(true, 'BOOLEAN')).toBeNull();
    expect(cellTitleOf('0b8f3c1e-1d2a-4c4e-9a57-2f9a8d4c6e10', 'REFERENCE')).toBeNull();
  });

  it('previews lists, files and JSON compactly', () => {
    expect(cell(['red', 'green', '<b>blue</b>'], 'MULTISELECT')).toHaveTextContent(
      'redgreen<b>blue</b>',
    );
    expect(
      cell([{ name: 'a.pdf', size: 1, mime_type: 'application/pdf', url: 'javascript:x' }], 'FILE'),
    ).toHaveTextContent('1 file: a.pdf');
    expect(cell({ total: 3, nested: { ok: true } }, 'FORMULA')).toHaveTextContent(
      '{"total":3,"nested":{"ok":true}}',
    );
  });

  it('renders a value that does not match its column type by its shape', () => {
    expect(cell('not a number', 'NUMBER')).toHaveTextContent('not a number');
    expect(cell(42, 'UNKNOWN')).toHaveTextContent('42');
  });
});

describe('RecordCell drawn again for another record, as a recycled grid row draws it', () => {
  function recycled(type: ColumnType, first: unknown) {
    const view = render(<RecordCell value={first} type={type} locale={activeLocale()} />);
    return (value: unknown) => {
      view.rerender(<RecordCell value={value} type={type} locale={activeLocale()} />);
      return view.container;
    };
  }

  it("shows each record's own text or its empty value, never the one before", () => {
    const show = recycled('LONGTEXT', 'first note');
    let container = show(null);
    expect(container).toHaveTextContent('—empty');
    expect(container).not.toHaveTextContent('first note');
    container = show('second note');
    expect(container.textContent).toBe('second note');
    expect(container.querySelector('[aria-hidden]')).toBeNull();
    expect(container.querySelector('.sr-only')).toBeNull();
    expect(container.querySelector('[dir="auto"]')).not.toBeNull();
  });

  it('keeps a link only for a record whose value is one', () => {
    const show = recycled('URL', 'https://one.example');
    expect(show(null)).toHaveTextContent('—empty');
    expect(screen.queryByRole('link')).toBeNull();
    show('https://two.example/');
    expect(screen.getByRole('link', { name: 'https://two.example/' })).toHaveAttribute(
      'href',
      'https://two.example/',
    );
    expect(show('javascript:alert(1)').textContent).toBe('javascript:alert(1)');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the chips, amounts and dates of the record now drawn', () => {
    const chips = recycled('MULTISELECT', ['gift', 'fragile', 'new']);
    expect(chips(['rush']).textContent).toBe('rush');
    expect(chips([]).textContent).toBe('');

    const amount = recycled('NUMBER', 12);
    expect(amount(null)).toHaveTextContent('—empty');
    expect(amount(7).textContent).toBe('7');

    const date = recycled('DATETIME', '2026-03-01T12:30:00.000Z');
    const time = date('2025-08-12T18:03:00.000Z').querySelector('time');
    expect(time).toHaveAttribute('dateTime', '2025-08-12T18:03:00.000Z');
    expect(time?.textContent).toMatch(/2025/);
    expect(date('not a date').querySelector('time')).toBeNull();
  });
});

describe('RecordCell in Spanish and Brazilian Portuguese', () => {
  afterEach(async () => {
    await switchLocale('en');
  });

  it('formats numbers, money, dates and lists, and says yes, no and empty in Spanish', async () => {
    await switchLocale('es');
    expect(cell(1234567.5, 'NUMBER')).toHaveTextContent('1.234.567,5');
    const { container } = render(
      <RecordCell value={12345.5} type="NUMBER" currency="EUR" locale={activeLocale()} />,
    );
    expect(container.textContent).toBe('12.345,50\u00a0€');
    // A date without a time is that calendar day, in the language's words.
    expect(cell('2026-03-01', 'DATETIME').querySelector('time')).toHaveTextContent('1 mar 2026');
    expect(cell([{ name: 'a.pdf' }, { name: 'b.png' }], 'FILE')).toHaveTextContent(
      '2 archivos: a.pdf y b.png',
    );
    cell(true, 'BOOLEAN');
    expect(screen.getByText('Sí')).toHaveClass('sr-only');
    cell(null, 'TEXT');
    expect(screen.getByText('vacío')).toHaveClass('sr-only');
  });

  it('shows a value that names its own currency as money, in reais in Brazilian Portuguese', async () => {
    await switchLocale('pt-BR');
    const value = { amount: 1234.5, currency: 'BRL' };
    expect(cell(value, 'FORMULA').textContent).toBe('R$\u00a01.234,50');
    expect(cellTitleOf(value, 'FORMULA')).toEqual({ text: 'R$\u00a01.234,50', more: false });
    expect(cell(false, 'BOOLEAN')).toHaveTextContent('Não');
  });
});
