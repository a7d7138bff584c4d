import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SkillDetail } from '../../lib/api/types';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { SkillDetailPage } from './skill-detail-page';

const CONTENT = [
  '# Triage the inbox',
  '',
  '- First item',
  '- Second item',
  '',
  '<script>window.__pwned = true</script>',
  '',
  '<img src="x" onerror="window.__pwned = true">',
  '',
  '[Run me](javascript:alert(1)) and [Docs](https://example.com/docs) and [Mail](mailto:a@example.com)',
].join('\n');

function skillWith(overrides: Partial<SkillDetail> = {}): SkillDetail {
  return {
    id: 's1',
    aliasId: 'sk_1',
    name: 'Inbox triage',
    description: 'How we sort incoming mail',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    contentText: CONTENT,
    linkedEntities: [{ type: 'table', id: 't1', label: 'Customers' }],
    raw: { id: 's1', name: 'Inbox triage', content_text: CONTENT },
    ...overrides,
  };
}

function renderSkill(skill: SkillDetail | null) {
  const client = createFakeApiClient(skill ? { getSkill: async () => skill } : {});
  return renderWithProviders(<SkillDetailPage />, {
    client,
    routePath: '/skills/:skillId',
    initialPath: '/skills/s1',
  });
}

describe('skill detail', () => {
  it('renders the Markdown content as headings and lists', async () => {
    renderSkill(skillWith());
    // The Markdown's own h1 sits below the page title, the one h1.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Triage the inbox' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const content = screen.getByRole('region', { name: 'Content' });
    expect(
      within(content)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['First item', 'Second item']);
    expect(screen.getByRole('heading', { level: 1, name: 'Inbox triage' })).toBeInTheDocument();
  });

  it('renders GitHub-flavoured tables as tables', async () => {
    renderSkill(skillWith({ contentText: '| Step | Owner |\n| --- | --- |\n| Review | Ana |\n' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Owner' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Ana' })).toBeInTheDocument();
  });

  it('never turns raw HTML in the content into elements', async () => {
    const { container } = renderSkill(skillWith());
    const content = await screen.findByRole('region', { name: 'Content' });
    expect(container.querySelector('script')).toBeNull();
    expect(content.querySelector('img')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('keeps only http(s) and mailto links, opened safely', async () => {
    renderSkill(skillWith());
    const content = await screen.findByRole('region', { name: 'Content' });
    expect(within(content).queryByRole('link', { name: 'Run me' })).toBeNull();
    expect(within(content).getByText('Run me')).toBeInTheDocument();
    const docs = within(content).getByRole('link', { name: 'Docs' });
    expect(docs).toHaveAttribute('href', 'https://example.com/docs');
    expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(within(content).getByRole('link', { name: 'Mail' })).toHaveAttribute(
      'href',
      'mailto:a@example.com',
    );
  });

  it('links a linked table to its grid and shows the raw JSON', async () => {
    renderSkill(skillWith());
    expect(await screen.findByRole('link', { name: 'Customers' })).toHaveAttribute(
      'href',
      '/tables/t1',
    );
    expect(screen.getByText('Raw JSON')).toBeInTheDocument();
    expect(document.querySelector('pre')?.textContent).toContain('"content_text"');
  });

  it('says clearly when the skill does not exist', async () => {
    renderSkill(null);
    expect(await screen.findByText('Skill not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All skills' })).toHaveAttribute('href', '/skills');
  });
});
