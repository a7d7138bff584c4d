import type { Prng } from './prng';

/**
 * Markdown for the demo's tasks and pages: every block a renderer must handle (headings,
 * ordered/unordered/task lists, a GFM table, fenced code, links, a block quote), varied
 * by the PRNG so no two look alike.
 */
const SUPPLIERS = ['Northwind', 'Contoso', 'Fabrikam', 'Tailspin', 'Litware'];
const DOC_LINKS = [
  ['Style guide', 'https://example.com/style-guide'],
  ['Runbook', 'https://example.com/runbook'],
  ['Release notes', 'https://example.org/releases'],
  ['Status page', 'https://status.example.com/'],
] as const;

export function taskBodyMarkdown(name: string, prng: Prng): string {
  const [label, url] = prng.pick(DOC_LINKS);
  return [
    `## ${name}`,
    '',
    `Owner asked for this on ${prng.pick(['Monday', 'Tuesday', 'Thursday'])}. See the [${label}](${url}).`,
    '',
    '### Checklist',
    '',
    `- [x] ${prng.pick(['Collect the numbers', 'Read the ticket', 'Reproduce it'])}`,
    `- [ ] ${prng.pick(['Write the summary', 'Ask finance', 'Fix and test'])}`,
    '- [ ] Close the loop with the customer',
    '',
    '### Acceptance',
    '',
    '1. Nothing else changes',
    `2. ${prng.pick(['Numbers match the ledger', 'The page loads in under a second', 'Support signs off'])}`,
  ].join('\n');
}

export function taskOutputMarkdown(name: string, prng: Prng): string {
  const rows = SUPPLIERS.slice(0, prng.int(2, 4)).map(
    (supplier) => `| ${supplier} | ${prng.int(1, 40)} | ${prng.pick(['ok', 'late', 'missing'])} |`,
  );
  return [
    `# Result: ${name}`,
    '',
    `Done in ${prng.int(2, 9)} steps. Summary below; raw data in the [export](https://example.com/exports/${prng.int(100, 999)}.csv).`,
    '',
    '| supplier | items | state |',
    '| --- | ---: | --- |',
    ...rows,
    '',
    '```json',
    JSON.stringify({ checked: rows.length, flagged: prng.int(0, 3) }, null, 2),
    '```',
    '',
    '> Checked by the assistant; a person should confirm the flagged rows.',
  ].join('\n');
}

export function pageMarkdown(name: string, prng: Prng): string {
  const [label, url] = prng.pick(DOC_LINKS);
  const steps = prng.int(2, 4);
  return [
    `# ${name}`,
    '',
    `This page explains **${name.toLowerCase()}**. Ask in the team chat if something is unclear, or read the [${label}](${url}).`,
    '',
    '## Steps',
    '',
    ...Array.from(
      { length: steps },
      (_, i) =>
        `${i + 1}. ${prng.pick(['Open', 'Check', 'Update', 'Share'])} the ${prng.pick(['sheet', 'tracker', 'inbox', 'calendar'])}`,
    ),
    '',
    '## Who to ask',
    '',
    '| topic | person |',
    '| --- | --- |',
    `| ${prng.pick(['Billing', 'Stock', 'Hiring'])} | ${prng.pick(['Ana', 'Ben', 'Chidi', 'Dana'])} |`,
    `| ${prng.pick(['Travel', 'Refunds', 'Access'])} | ${prng.pick(['Eli', 'Fatima', 'Goro'])} |`,
    '',
    '## Example',
    '',
    '```sh',
    `curl -s https://example.com/api/${prng.pick(['orders', 'stock', 'people'])}?limit=${prng.int(5, 50)}`,
    '```',
    '',
    `- ${prng.pick(['Keep it short', 'Write it down', 'Ask early'])}`,
    `- ${prng.pick(['Link the ticket', 'Tag the owner', 'Note the date'])}`,
  ].join('\n');
}

/** Markdown that must stay inert: raw HTML, script URLs in links and images. */
export const HOSTILE_MARKDOWN = [
  '# Hostile content <script>alert("md")</script>',
  '',
  '<img src=x onerror=alert(1)>',
  '',
  '<iframe src="https://evil.example/"></iframe>',
  '',
  '[click me](javascript:alert(1)) and [data link](data:text/html,<b>x</b>) and [safe link](https://example.com/safe)',
  '',
  '![tracker](javascript:alert(2)) ![pixel](https://example.com/pixel.png)',
  '',
  '<b>bold?</b> stays text.',
].join('\n');
