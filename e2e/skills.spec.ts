import type { Page } from '@playwright/test';
import { allSkills, skillDetail } from './support/api';
import { expect, keys, test } from './support/fixtures';
import { startConnected } from './support/session';

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

/** The skills list's links, one per skill shown. */
function skillLinks(page: Page) {
  return page.getByRole('main').getByRole('listitem').getByRole('link');
}

test('the skills list loads page by page and search narrows it', async ({ page }) => {
  const skills = await allSkills();
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', {
      name: 'Skills',
    })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Skills' })).toBeVisible();

  // The first page, in the service's order; more on demand.
  await expect(skillLinks(page)).toHaveCount(50);
  await expect(skillLinks(page)).toContainText(skills.slice(0, 50).map((skill) => skill.name));
  // Scrolling to the end of the list brings the next page, until there is none.
  await skillLinks(page).last().scrollIntoViewIfNeeded();
  await expect(skillLinks(page)).toHaveCount(100);
  await skillLinks(page).last().scrollIntoViewIfNeeded();
  await expect(skillLinks(page)).toHaveCount(skills.length);
  await expect(page.getByRole('button', { name: 'Load more skills' })).toHaveCount(0);

  // Search narrows the loaded skills (all of them by now) as the user types.
  const search = page.getByRole('searchbox', { name: 'Search skills' });
  await search.fill('refund');
  const matching = skills.filter((skill) =>
    `${skill.name}\n${skill.description ?? ''}`.toLowerCase().includes('refund'),
  );
  expect(matching.length).toBeGreaterThan(0);
  expect(matching.length).toBeLessThan(skills.length / 4);
  await expect(skillLinks(page)).toHaveCount(matching.length);
  await expect(skillLinks(page)).toContainText(matching.map((skill) => skill.name));

  await search.fill('no skill is called this');
  await expect(skillLinks(page)).toHaveCount(0);
  await expect(page.getByText('No skill matches “no skill is called this”')).toBeVisible();

  await search.fill('');
  await expect(skillLinks(page)).toHaveCount(skills.length);
});

test('a skill’s Markdown renders as headings, lists, links and code', async ({ page }) => {
  const [summary] = await allSkills();
  if (!summary) throw new Error('the demo workspace has no skills');
  const skill = await skillDetail(summary.id);
  const markdown = skill.content_text ?? '';
  const steps = markdown.split('\n').filter((line) => /^\d+\. /.test(line));
  const checklist = markdown.split('\n').filter((line) => /^- \[[ x]\] /.test(line));

  await page.goto('/#/skills');
  await skillLinks(page).filter({ hasText: skill.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`#/skills/${skill.id}$`));
  // One h1, the page's title; the Markdown's own headings sit one level below it.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(skill.name);

  const content = page.getByRole('region', { name: 'Content' });
  await expect(content.getByRole('heading', { level: 2, name: skill.name })).toBeVisible();
  await expect(content.getByRole('heading', { level: 3, name: 'Steps' })).toBeVisible();
  await expect(content.getByRole('heading', { level: 3, name: 'Checklist' })).toBeVisible();
  const stepList = content.getByRole('list').first();
  await expect(stepList.getByRole('listitem')).toHaveCount(steps.length);
  // Task lists: a checkbox per item, ticked where the Markdown says [x], not editable.
  const boxes = content.getByRole('checkbox');
  await expect(boxes).toHaveCount(checklist.length);
  await expect(content.getByRole('checkbox', { checked: true })).toHaveCount(
    checklist.filter((line) => line.startsWith('- [x]')).length,
  );
  await expect(boxes.first()).toBeDisabled();
  await expect(content.getByRole('strong').first()).toBeVisible();
  await expect(content.getByRole('link', { name: 'handbook' })).toHaveAttribute(
    'href',
    /^https:\/\/example\.com\/handbook\//,
  );
  await expect(content.locator('code').first()).toBeVisible();
  // Markdown syntax itself is not shown.
  await expect(content).not.toContainText('## Steps');
  await expect(content).not.toContainText('**');
});

test('raw HTML in a skill is neither shown as markup nor run', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const hostile = (await allSkills()).find((skill) => skill.name.includes('<script>'));
  if (!hostile) throw new Error('the demo seed has no skill with raw HTML');
  const skill = await skillDetail(hostile.id);
  expect(skill.content_text).toContain('<script>alert("skill")</script>');

  await page.goto(`/#/skills/${skill.id}`);
  const content = page.getByRole('region', { name: 'Content' });
  await expect(content.getByRole('heading', { name: 'Embed the status widget' })).toBeVisible();
  // The name is text, angle brackets and all.
  await expect(page.getByRole('heading', { level: 1, name: skill.name, exact: true })).toHaveText(
    skill.name,
  );
  await expect(content).toContainText('Paste this snippet into the page:');
  await expect(content.locator('script, img, iframe, object, embed')).toHaveCount(0);
  // A javascript: link keeps its words and loses its target.
  await expect(content.getByText('Click me')).toBeVisible();
  await expect(content.getByRole('link', { name: 'Click me' })).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  await expect(page.locator('main img')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('a missing skill, or another workspace’s, says it was not found', async ({ page }) => {
  await page.goto('/#/skills/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Skill not found')).toBeVisible();
  await page.getByRole('link', { name: 'All skills', exact: true }).click();
  await expect(page).toHaveURL(/#\/skills$/);
  await expect(skillLinks(page).first()).toBeVisible();

  // A skill that exists, but in globex: this acme key must not see it.
  const [globexSkill] = await allSkills(keys.globex);
  if (!globexSkill) throw new Error('globex has no skills');
  await page.goto(`/#/skills/${globexSkill.id}`);
  await expect(page.getByText('Skill not found')).toBeVisible();
  await expect(page.getByText(globexSkill.name)).toHaveCount(0);
});
