import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api/errors';
import type { ApiClient, ProjectSummary } from '../lib/api/types';
import { createFakeApiClient } from '../lib/testing/fake-api-client';
import { renderWithProviders } from '../lib/testing/render-with-providers';
import { LinkedEntityLink } from './linked-entity-link';
import { ProjectLink } from './project-link';

const PROJECT = '3f0a1b2c-0000-4000-8000-000000000001';

function project(id: string, name: string): ProjectSummary {
  return {
    id,
    aliasId: null,
    name,
    description: null,
    icon: null,
    color: null,
    leadId: null,
    status: 'active',
    isPrivate: false,
    startDate: null,
    endDate: null,
    targetDate: null,
    createdAt: null,
    updatedAt: null,
  };
}

describe('ProjectLink', () => {
  it("shows the project's name from the projects list, linking to it; one list for many links", async () => {
    const listProjects = vi.fn<ApiClient['listProjects']>(async () => ({
      items: [project('other', 'Other'), project(PROJECT, 'Website relaunch')],
      nextCursor: null,
    }));
    renderWithProviders(
      <>
        <ProjectLink projectId={PROJECT} />
        <ProjectLink projectId={PROJECT} />
      </>,
      { client: createFakeApiClient({ listProjects }) },
    );
    const links = await screen.findAllByRole(
      'link',
      { name: 'Website relaunch' },
      { timeout: 5_000 },
    );
    expect(links[0]).toHaveAttribute('href', `/projects/${PROJECT}`);
    expect(listProjects).toHaveBeenCalledTimes(1);
  });

  it('a project that is gone, or a key without projects, keeps the short id and says why', async () => {
    const forbidden = new ApiError({
      kind: 'http',
      status: 403,
      code: 'forbidden',
      reason: 'insufficient_scope',
      message: 'No.',
    });
    renderWithProviders(<ProjectLink projectId={PROJECT} />, {
      client: createFakeApiClient({
        listProjects: async () => {
          throw forbidden;
        },
      }),
    });
    expect(
      await screen.findByTitle('This key may not read projects.', undefined, { timeout: 5_000 }),
    ).toHaveTextContent('3f0a1b2c…');
  });
});

describe('LinkedEntityLink', () => {
  it('links a labelled entity of any known type, and keeps an unknown type as text', () => {
    renderWithProviders(
      <ul>
        <li>
          <LinkedEntityLink entity={{ type: 'table', id: 't1', label: 'Customers' }} />
        </li>
        <li>
          <LinkedEntityLink
            entity={{ type: 'Page', id: 'p1', label: '<img src=x onerror=alert(1)>' }}
          />
        </li>
        <li>
          <LinkedEntityLink entity={{ type: 'invoice', id: 'i1', label: 'Invoice 7' }} />
        </li>
      </ul>,
    );
    expect(screen.getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/tables/t1');
    expect(screen.getByRole('link', { name: '<img src=x onerror=alert(1)>' })).toHaveAttribute(
      'href',
      '/pages/p1',
    );
    // The label is data (translate="no"); the reason is on the element around it.
    expect(screen.getByText('Invoice 7').closest('[title]')).toHaveAttribute(
      'title',
      'This dashboard has no page for “invoice” items.',
    );
  });
});
