import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SkillSummary } from '../../lib/api/types';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { SkillsListPage } from './skills-list-page';

function skillNamed(id: string, name: string, description: string | null = null): SkillSummary {
  return { id, aliasId: null, name, description, createdAt: null, updatedAt: null };
}

describe('skills list', () => {
  it('searches names and descriptions of the loaded skills and links to each', async () => {
    const client = createFakeApiClient({
      listSkills: async () => ({
        items: [
          skillNamed('s1', 'Inbox triage', 'Sort incoming mail'),
          skillNamed('s2', 'Refunds', 'When a customer wants money back'),
        ],
        nextCursor: null,
      }),
    });
    renderWithProviders(<SkillsListPage />, { client, routePath: '/skills' });
    expect(await screen.findByRole('link', { name: /Inbox triage/ })).toHaveAttribute(
      'href',
      '/skills/s1',
    );
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search skills' }), 'money');
    await waitFor(() => expect(screen.queryByRole('link', { name: /Inbox triage/ })).toBeNull());
    expect(screen.getByRole('link', { name: /Refunds/ })).toBeInTheDocument();
  });

  it('says so when the workspace has no skills', async () => {
    renderWithProviders(<SkillsListPage />, { routePath: '/skills' });
    expect(await screen.findByText('No skills yet')).toBeInTheDocument();
  });
});
