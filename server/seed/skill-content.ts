import type { Prng } from './prng';

const TOPICS = [
  'Refund requests',
  'Invoice reminders',
  'Onboarding calls',
  'Shipping delays',
  'Quarterly reports',
  'Supplier audits',
  'Price updates',
  'Support triage',
  'Contract renewals',
  'Inventory counts',
  'Press inquiries',
  'Churn interviews',
  'Payment disputes',
  'Warehouse handover',
  'Product launches',
  'Tax filings',
  'Hiring loops',
  'Security reviews',
  'Data exports',
  'Customer surveys',
];

const ACTIONS = ['Draft', 'Summarize', 'Review', 'Triage', 'Answer', 'Plan', 'Check'];

export function skillNameOf(index: number): string {
  const topic = TOPICS[index % TOPICS.length] ?? 'Tasks';
  const action = ACTIONS[Math.floor(index / TOPICS.length) % ACTIONS.length] ?? 'Handle';
  return `${action} ${topic.toLowerCase()}`;
}

/** Realistic Markdown: headings, lists, code, links, a table; varied by the PRNG. */
export function skillMarkdownOf(name: string, prng: Prng): string {
  const steps = prng.int(3, 6);
  const lines = [
    `# ${name}`,
    '',
    `Use this skill when someone asks you to **${name.toLowerCase()}**. Keep answers short and _friendly_.`,
    '',
    '## Steps',
    '',
    ...Array.from({ length: steps }, (_, i) => `${i + 1}. ${prng.pick(STEP_TEXT)}`),
    '',
    '## Checklist',
    '',
    ...prng.subset(CHECKLIST, 0.6).map((item) => `- [ ] ${item}`),
    '- [x] Read the request twice',
    '',
  ];
  if (prng.chance(0.5)) {
    lines.push(
      '## Example',
      '',
      '```json',
      JSON.stringify(
        { action: name.split(' ')[0]?.toLowerCase(), limit: prng.int(5, 50) },
        null,
        2,
      ),
      '```',
      '',
    );
  }
  if (prng.chance(0.4)) {
    lines.push(
      '## Tone',
      '',
      '| Situation | Tone |',
      '|---|---|',
      '| First contact | Warm |',
      '| Complaint | Calm, specific |',
      `| Follow-up | ${prng.pick(['Brief', 'Direct', 'Encouraging'])} |`,
      '',
    );
  }
  lines.push(
    `See the [handbook](https://example.com/handbook/${encodeURIComponent(name.toLowerCase().replaceAll(' ', '-'))}) and \`templates/${prng.int(1, 9)}.md\`.`,
    '',
    `> Tip: ${prng.pick(TIPS)}`,
  );
  return lines.join('\n');
}

const STEP_TEXT = [
  'Find the customer in the **Customers** table.',
  'Check the latest order and its `status`.',
  'Write a two-sentence summary.',
  'Ask for missing details before promising anything.',
  'Link the relevant page in the answer.',
  'Tag the task with the right project.',
  'Quote amounts with the currency, e.g. `€ 12.50`.',
  'Escalate to a person when the amount is over € 1,000.',
];

const CHECKLIST = [
  'Names spelled right',
  'Dates in the customer’s time zone',
  'No internal notes quoted',
  'Links work',
  'Amounts double-checked',
];

const TIPS = [
  'when in doubt, ask.',
  'short beats complete.',
  'say what happens next.',
  'never paste an API key into a reply.',
];

/** A skill whose Markdown carries raw HTML: a renderer must show it as text, not run it. */
export const HOSTILE_SKILL_MARKDOWN = [
  '# Embed the status widget',
  '',
  'Paste this snippet into the page:',
  '',
  '<script>alert("skill")</script>',
  '',
  '<img src=x onerror=alert(1)>',
  '',
  '[Click me](javascript:alert(1))',
  '',
  '<iframe src="https://example.com"></iframe>',
].join('\n');
