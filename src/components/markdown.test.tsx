import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { MarkdownContent, markdownTreeOf, markdownUrlTransform } from './markdown';

/** MarkdownContent suspends while its source is parsed; the page around it waits. */
async function renderMarkdown(source: string) {
  await markdownTreeOf(source);
  return render(
    <Suspense fallback={<p>parsing</p>}>
      <MarkdownContent source={source} />
    </Suspense>,
  );
}

describe('Markdown from the service', () => {
  it('renders headings one level down, lists, tables, code and http(s) links', async () => {
    const { container } = await renderMarkdown(
      [
        '# Title',
        '',
        '- one',
        '- [x] done',
        '',
        '| a | b |',
        '| - | - |',
        '| 1 | 2 |',
        '',
        '```sh',
        'echo hi',
        '```',
        '',
        '[docs](https://example.com/docs)',
      ].join('\n'),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Title' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Done' })).toBeDisabled();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(container.querySelector('pre code')?.textContent).toBe('echo hi\n');
    expect(screen.getByRole('link', { name: 'docs' })).toHaveAttribute(
      'href',
      'https://example.com/docs',
    );
  });

  it('drops raw HTML, and links or images that are not http(s)', async () => {
    const { container } = await renderMarkdown(
      [
        '<script>alert(1)</script><img src=x onerror=alert(1)>',
        '',
        '[bad](javascript:alert(1)) [data](data:text/html,x) [rel](/local)',
        '',
        '![pic](javascript:alert(2)) ![ok](https://example.com/a.png)',
      ].join('\n'),
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img[onerror]')).toBeNull();
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'data' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'rel' })).toBeNull();
    expect(screen.getByText('bad')).toBeInTheDocument();
    const images = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(images).toEqual(['https://example.com/a.png']);
  });

  it('keeps only absolute http(s) and mailto URLs', () => {
    expect(markdownUrlTransform('https://a.example/x', 'href')).toBe('https://a.example/x');
    expect(markdownUrlTransform('mailto:a@b.example', 'href')).toBe('mailto:a@b.example');
    expect(markdownUrlTransform('mailto:a@b.example', 'src')).toBeNull();
    expect(markdownUrlTransform(' JavaScript:alert(1)', 'href')).toBeNull();
  });
});
