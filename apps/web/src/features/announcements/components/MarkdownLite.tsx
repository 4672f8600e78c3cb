import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './MarkdownLite.module.css';

/**
 * An announcement's text as its author wrote it in markdown-lite: paragraphs (a blank line between),
 * line breaks, **bold**, *italic*, bullet lists ("- " or "* "), numbered lists ("1. "), links
 * `[text](url)` and bare web addresses. Everything becomes React elements, whose text React escapes:
 * no HTML from the text is ever interpreted, and a link is made only to http(s) and mailto addresses
 * (any other, such as `javascript:`, shows its text only).
 */
export function MarkdownLite({ source }: { source: string }) {
  return <div className={classes.body}>{parseBlocks(source).map(renderBlock)}</div>;
}

type Block =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'bullets'; items: string[][] }
  | { kind: 'numbers'; start: number; items: string[][] };

const bulletPattern = /^\s{0,3}[-*]\s+(.*)$/;
const numberPattern = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;

/** The text's paragraphs and lists, line by line; a list item's indented next lines stay in it. */
export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  // Whether the last block takes the next line: a blank line closes it.
  let isOpen = false;
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      isOpen = false;
      continue;
    }
    const open = isOpen ? blocks.at(-1) : undefined;
    const bullet = bulletPattern.exec(line);
    const number = bullet ? null : numberPattern.exec(line);
    if (bullet) {
      if (open?.kind === 'bullets') open.items.push([bullet[1]!]);
      else blocks.push({ kind: 'bullets', items: [[bullet[1]!]] });
    } else if (number) {
      if (open?.kind === 'numbers') open.items.push([number[2]!]);
      else blocks.push({ kind: 'numbers', start: Number(number[1]), items: [[number[2]!]] });
    } else if (open && open.kind !== 'paragraph' && /^\s/.test(line)) {
      // An indented line under a list item continues it, on a line of its own.
      open.items.at(-1)!.push(line.trim());
    } else if (open?.kind === 'paragraph') {
      open.lines.push(line.trim());
    } else {
      blocks.push({ kind: 'paragraph', lines: [line.trim()] });
    }
    isOpen = true;
  }
  return blocks;
}

function renderLines(lines: string[]): ReactNode[] {
  return lines.flatMap((line, index) => [
    ...(index > 0 ? [<br key={`br-${index}`} />] : []),
    <InlineText key={`line-${index}`} text={line} />,
  ]);
}

function renderBlock(block: Block, index: number): ReactNode {
  if (block.kind === 'paragraph') return <p key={index}>{renderLines(block.lines)}</p>;
  const items = block.items.map((lines, at) => <li key={at}>{renderLines(lines)}</li>);
  if (block.kind === 'bullets') return <ul key={index}>{items}</ul>;
  return (
    <ol key={index} start={block.start === 1 ? undefined : block.start}>
      {items}
    </ol>
  );
}

/** The address a link may lead to, or null: only web pages and e-mail addresses. */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.href;
    if (parsed.protocol === 'mailto:' && parsed.pathname.includes('@')) return parsed.href;
  } catch {
    // Not an absolute address (a relative path, a typo): shown as text.
  }
  return null;
}

function InlineText({ text }: { text: string }) {
  return <>{parseInline(text, true)}</>;
}

const escapable = new Set(['\\', '*', '_', '[', ']', '(', ')', '`', '#', '-', '.', '!']);
const linkPattern = /^\[([^\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/;
const bareUrlPattern = /^https?:\/\/[^\s<>"'`]+/;

/** A bare address without the punctuation that ends the sentence around it ("see https://x.org."). */
function trimTrailingPunctuation(url: string): string {
  let end = url.length;
  while (end > 0) {
    const last = url[end - 1]!;
    if (/[.,;:!?'"]/.test(last)) end--;
    else if (last === ')') {
      const inner = url.slice(0, end);
      const opened = inner.split('(').length - 1;
      const closed = inner.split(')').length - 1;
      if (closed > opened) end--;
      else break;
    } else break;
  }
  return url.slice(0, end);
}

/** Emphasis is a closing marker after some text that does not end in a space. */
function findClosing(text: string, from: number, marker: string): number {
  let at = text.indexOf(marker, from);
  while (at !== -1) {
    if (at > from && text[at - 1] !== ' ' && text[at - 1] !== '\\') {
      // "***" closes an inner *italic* first, then the **bold** ("**off on *Tuesday***").
      if (marker === '**') while (text[at + 2] === '*') at++;
      // A single * must not be the start of a ** pair.
      if (marker === '*' && text[at + 1] === '*') {
        at = text.indexOf(marker, at + 2);
        continue;
      }
      return at;
    }
    at = text.indexOf(marker, at + 1);
  }
  return -1;
}

function parseInline(text: string, allowLinks: boolean): ReactNode[] {
  const nodes: ReactNode[] = [];
  let plain = '';
  const flush = () => {
    if (plain) nodes.push(plain);
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const character = text[i]!;
    if (character === '\\' && i + 1 < text.length && escapable.has(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (allowLinks && character === '[') {
      const link = linkPattern.exec(rest);
      if (link) {
        flush();
        const href = safeHref(link[2]!);
        const label = parseInline(link[1]!, false);
        nodes.push(
          href ? (
            <ExternalLink key={i} href={href}>
              {label}
            </ExternalLink>
          ) : (
            <span key={i}>{label}</span>
          ),
        );
        i += link[0].length;
        continue;
      }
    }
    if (allowLinks && (character === 'h' || character === 'H') && !/[\p{L}\p{N}]/u.test(text[i - 1] ?? '')) {
      const bare = bareUrlPattern.exec(rest);
      const url = bare ? trimTrailingPunctuation(bare[0]) : '';
      const href = url ? safeHref(url) : null;
      if (href && url.length > 'https://'.length) {
        flush();
        nodes.push(
          <ExternalLink key={i} href={href}>
            {url}
          </ExternalLink>,
        );
        i += url.length;
        continue;
      }
    }
    if (rest.startsWith('**') && rest[2] !== ' ') {
      const end = findClosing(text, i + 2, '**');
      if (end !== -1) {
        flush();
        nodes.push(<strong key={i}>{parseInline(text.slice(i + 2, end), allowLinks)}</strong>);
        i = end + 2;
        continue;
      }
    }
    if (character === '*' && rest[1] !== '*' && rest[1] !== ' ' && rest.length > 1) {
      const end = findClosing(text, i + 1, '*');
      if (end !== -1) {
        flush();
        nodes.push(<em key={i}>{parseInline(text.slice(i + 1, end), allowLinks)}</em>);
        i = end + 1;
        continue;
      }
    }
    plain += character;
    i += 1;
  }
  flush();
  return nodes;
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const isMail = href.startsWith('mailto:');
  return (
    <Anchor
      href={href}
      {...(isMail ? {} : { target: '_blank', rel: 'noopener noreferrer nofollow' })}
      style={{ overflowWrap: 'anywhere' }}
    >
      {children}
    </Anchor>
  );
}
