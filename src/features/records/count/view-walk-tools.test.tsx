import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLocale, t } from '../../../lib/i18n/i18n';
import type { RunningWalk, ViewWalks } from './use-view-walks';
import { ViewWalkProgress } from './view-walk-tools';

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

const exporting: RunningWalk = {
  kind: 'export',
  records: 12_500,
  startedAt: performance.now() - 5_000,
  wait: null,
  expectedTotal: 50_000,
  fileName: null,
  names: null,
};

describe('ViewWalkProgress', () => {
  it('shows records done against the counted total, the rate, and a Cancel', async () => {
    const walks = walksWith({ ...exporting, startedAt: performance.now() - 5_000 });
    render(<ViewWalkProgress walks={walks} />);
    const region = screen.getByRole('region', { name: 'Export progress' });
    expect(region).toHaveTextContent(/Exporting: 12,500 of 50,000 records · 2,\d{3} records\/s/);
    const bar = screen.getByRole('progressbar', { name: 'Exporting records' });
    expect(bar).toHaveAttribute('value', '12500');
    expect(bar).toHaveAttribute('max', '50000');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(walks.cancel).toHaveBeenCalled();
  });

  it('counts the names read while an export with names runs', () => {
    render(
      <ViewWalkProgress
        walks={walksWith({
          ...exporting,
          names: { read: 1_204, needed: 3_310, unreadable: 2, walking: [] },
        })}
      />,
    );
    expect(screen.getByRole('region', { name: 'Export progress' })).toHaveTextContent(
      'names: 1,204 of 3,310',
    );
  });

  it('says which linked table’s pages are being read for names, its name kept as data', () => {
    render(
      <ViewWalkProgress
        walks={walksWith({
          ...exporting,
          names: { read: 200, needed: 490, unreadable: 0, walking: ['Customers'] },
        })}
      />,
    );
    expect(screen.getByRole('region', { name: 'Export progress' })).toHaveTextContent(
      'names: 200 of 490 · reading names from Customers',
    );
    expect(screen.getByText('Customers')).toHaveAttribute('translate', 'no');
  });

  it('says when it waits for the service’s rate limit, and when it retries a page', () => {
    const { rerender } = render(
      <ViewWalkProgress
        walks={walksWith({ ...exporting, wait: { seconds: 3, reason: 'rate_limit' } })}
      />,
    );
    expect(screen.getByText("Waiting 3 s for the service's rate limit")).toBeInTheDocument();
    rerender(
      <ViewWalkProgress
        walks={walksWith({ ...exporting, wait: { seconds: 2, reason: 'retry' } })}
      />,
    );
    expect(screen.getByText('A page failed; trying again in 2 s')).toBeInTheDocument();
  });

  it('announces a problem as an alert and a finished walk as a status', () => {
    const { rerender } = render(
      <ViewWalkProgress
        walks={walksWith(null, { tone: 'problem', text: () => 'Export stopped.' })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Export stopped.');
    rerender(
      <ViewWalkProgress walks={walksWith(null, { tone: 'done', text: () => 'Exported.' })} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Exported.');
  });
});

describe('Count and Export in Spanish and Brazilian Portuguese', () => {
  afterEach(async () => {
    await switchLocale('en');
  });

  // Spanish groups thousands from five digits on: 12.500, but 2500.
  it('shows progress with the numbers and words of the language', async () => {
    await switchLocale('es');
    // Started 5 s before this render (not at module load): the rate shown is ~2,500/s.
    const walks = walksWith({
      ...exporting,
      startedAt: performance.now() - 5_000,
      fileName: 'Pedidos 2026-11-25.csv',
    });
    render(<ViewWalkProgress walks={walks} />);
    const region = screen.getByRole('region', { name: 'Progreso de la exportación' });
    expect(region).toHaveTextContent(
      /Exportando a Pedidos 2026-11-25\.csv: 12\.500 de 50\.000 registros · 2\d{3} registros\/s/,
    );
    expect(screen.getByRole('progressbar', { name: 'Exportando registros' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar exportación' })).toBeInTheDocument();
  });

  it('redraws a finished walk’s message in the language switched to', async () => {
    const message = {
      tone: 'done' as const,
      text: (say: typeof t) => say('records.count.done', { count: 1_234 }),
    };
    render(<ViewWalkProgress walks={walksWith(null, message)} />);
    expect(screen.getByRole('status')).toHaveTextContent('Counted: 1,234 records in this view.');
    await act(() => switchLocale('pt-BR'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Contagem concluída: 1.234 registros nesta visualização.',
    );
    expect(screen.getByRole('button', { name: 'Dispensar' })).toBeInTheDocument();
  });

  it('says 0, 1 and many records as each language does', async () => {
    const said = () =>
      [0, 1, 12_500].map((count) => t('records.export.cancelled', { count }).split(';')[0]);
    expect(said()).toEqual([
      'Export cancelled before any record was written',
      'Export cancelled after 1 record',
      'Export cancelled after 12,500 records',
    ]);
    await switchLocale('es');
    expect(said()).toEqual([
      'Exportación cancelada antes de escribir ningún registro',
      'Exportación cancelada tras 1 registro',
      'Exportación cancelada tras 12.500 registros',
    ]);
    await switchLocale('pt-BR');
    expect(said()).toEqual([
      'Exportação cancelada antes de qualquer registro ser gravado',
      'Exportação cancelada após 1 registro',
      'Exportação cancelada após 12.500 registros',
    ]);
  });
});
