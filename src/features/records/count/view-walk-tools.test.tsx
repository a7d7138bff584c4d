import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
  };
}

const exporting: RunningWalk = {
  kind: 'export',
  records: 12_500,
  startedAt: performance.now() - 5_000,
  wait: null,
  expectedTotal: 50_000,
  fileName: null,
};

describe('ViewWalkProgress', () => {
  it('shows records done against the counted total, the rate, and a Cancel', async () => {
    const walks = walksWith(exporting);
    render(<ViewWalkProgress walks={walks} />);
    const region = screen.getByRole('region', { name: 'Export progress' });
    expect(region).toHaveTextContent(/Exporting: 12,500 of 50,000 records · 2,\d{3} records\/s/);
    const bar = screen.getByRole('progressbar', { name: 'Exporting records' });
    expect(bar).toHaveAttribute('value', '12500');
    expect(bar).toHaveAttribute('max', '50000');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(walks.cancel).toHaveBeenCalled();
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
