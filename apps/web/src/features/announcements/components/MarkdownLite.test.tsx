import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme.ts';
import { MarkdownLite, safeHref } from './MarkdownLite.tsx';

function renderMarkdown(source: string) {
  render(
    <MantineProvider theme={theme} env="test">
      <article aria-label="Announcement">
        <MarkdownLite source={source} />
      </article>
    </MantineProvider>,
  );
  return screen.getByRole('article', { name: 'Announcement' });
}

describe('MarkdownLite', () => {
  it('makes paragraphs at blank lines and line breaks within them', () => {
    const body = renderMarkdown('The pool opens Saturday.\nBring a towel.\n\nQuestions? Ask the office.');
    const paragraphs = body.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]!.querySelectorAll('br')).toHaveLength(1);
    expect(paragraphs[0]).toHaveTextContent('The pool opens Saturday.Bring a towel.');
    expect(paragraphs[1]).toHaveTextContent('Questions? Ask the office.');
  });

  it('sets **bold** and *italic*, also inside each other', () => {
    const body = renderMarkdown('Water is **off on *Tuesday*** from 9 to 5, *not* Monday. 2 * 3 = 6');
    expect(body.querySelector('strong')).toHaveTextContent('off on Tuesday');
    expect(body.querySelector('strong em')).toHaveTextContent('Tuesday');
    expect(body.querySelectorAll('em')[1]).toHaveTextContent('not');
    // A lone asterisk stays as it is.
    expect(body).toHaveTextContent('2 * 3 = 6');
  });

  it('makes bullet and numbered lists, right after a paragraph too', () => {
    const body = renderMarkdown(
      'What to do:\n- Move your car\n* Close the windows\n  before 8 am\n\n3. First\n4. Second',
    );
    const [bullets, numbers] = screen.getAllByRole('list');
    expect(body.querySelector('p')).toHaveTextContent('What to do:');
    expect(
      within(bullets!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Move your car', 'Close the windowsbefore 8 am']);
    expect(numbers!.tagName).toBe('OL');
    expect(numbers).toHaveAttribute('start', '3');
    expect(within(numbers!).getAllByRole('listitem')).toHaveLength(2);
  });

  it('links web and e-mail addresses, and bare https addresses without the sentence’s full stop', () => {
    renderMarkdown(
      'See [the minutes](https://example.org/minutes) or write to [the office](mailto:office@example.org). ' +
        'Details: https://example.org/pool?day=sat.',
    );
    const minutes = screen.getByRole('link', { name: 'the minutes' });
    expect(minutes).toHaveAttribute('href', 'https://example.org/minutes');
    expect(minutes).toHaveAttribute('target', '_blank');
    expect(minutes).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'the office' })).toHaveAttribute(
      'href',
      'mailto:office@example.org',
    );
    expect(screen.getByRole('link', { name: 'https://example.org/pool?day=sat' })).toHaveAttribute(
      'href',
      'https://example.org/pool?day=sat',
    );
  });

  it('shows HTML as text and never links to a script', () => {
    const body = renderMarkdown(
      '<script>alert(1)</script> <img src=x onerror=alert(2)>\n\n' +
        '[click me](javascript:alert(3)) [data](data:text/html;base64,PHNjcmlwdD4=) [local](/admin)\n\n' +
        'javascript:alert(4)',
    );
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('img')).toBeNull();
    expect(body).toHaveTextContent('<script>alert(1)</script> <img src=x onerror=alert(2)>');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(body.querySelector('a')).toBeNull();
    expect(body).toHaveTextContent('click me');
    expect(body).toHaveTextContent('javascript:alert(4)');
  });

  it('keeps escaped markers as they are', () => {
    const body = renderMarkdown('\\*not italic\\* and \\[not a link\\](https://example.org)');
    expect(body.querySelector('em')).toBeNull();
    expect(body).toHaveTextContent('*not italic* and [not a link](https://example.org)');
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.org', 'https://example.org/'],
    ['http://example.org/a', 'http://example.org/a'],
    ['mailto:board@example.org', 'mailto:board@example.org'],
    ['javascript:alert(1)', null],
    ['JAVASCRIPT:alert(1)', null],
    ['vbscript:x', null],
    ['data:text/html,hi', null],
    ['/relative', null],
    ['mailto:nobody', null],
  ])('%s → %s', (url, expected) => {
    expect(safeHref(url)).toBe(expected);
  });
});
