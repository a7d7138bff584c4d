import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLocale } from '../../../lib/i18n/i18n';
import { column, record } from '../testing/records-test-utils';
import { RecordPanel } from './record-panel';

const columns = [
  column('name', 'TEXT', { orderIndex: 0, isPrimary: true }),
  column('amount', 'NUMBER', { orderIndex: 1, settings: { currency: 'EUR' } }),
  column('paid', 'BOOLEAN', { orderIndex: 2 }),
  column('notes', 'TEXT', { orderIndex: 3 }),
  column('shipped_on', 'DATETIME', { orderIndex: 4 }),
];
const row = record('rec-1', {
  name: 'Ada Lovelace',
  amount: 12_345.5,
  paid: true,
  notes: null,
  shipped_on: '2026-03-01',
});

afterEach(async () => {
  await switchLocale('en');
});

describe('RecordPanel in Spanish and Brazilian Portuguese', () => {
  it('shows its controls, values and copy messages in Spanish', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await switchLocale('es');
    render(<RecordPanel record={row} columns={columns} onClose={() => {}} />);
    const panel = screen.getByRole('dialog', { name: 'Ada Lovelace' });
    expect(within(panel).getByRole('button', { name: 'Cerrar registro' })).toHaveFocus();
    expect(within(panel).getByRole('button', { name: '↑ Anterior' })).toBeDisabled();
    expect(panel).toHaveTextContent('12.345,50 €');
    expect(panel).toHaveTextContent('Sí');
    expect(panel).toHaveTextContent('1 mar 2026');
    expect(within(panel).getByText('vacío')).toHaveClass('sr-only');

    await userEvent.click(within(panel).getByRole('button', { name: 'Copiar amount' }));
    expect(writeText).toHaveBeenCalledWith('12345.5');
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'Se copió el valor de amount al portapapeles.',
    );
    // The status line follows a language switch, as the rest of the panel does.
    await act(() => switchLocale('pt-BR'));
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'O valor de amount foi copiado para a área de transferência.',
    );
    expect(within(panel).getByRole('button', { name: 'Copiar link' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('Sim');
  });

  it('says so when the browser refuses the clipboard', async () => {
    const writeText = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await switchLocale('es');
    render(<RecordPanel record={row} columns={columns} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar como TSV' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'No se pudo copiar: el navegador no permitió el acceso al portapapeles.',
    );
  });
});
