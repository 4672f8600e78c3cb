import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from '@commonwise/contracts';
import { concatenatePdfs, renderAddressSheet, renderLetter } from './pdf.ts';
import { formatMomentIn, placeholderValues } from './values.ts';

/**
 * Golden tests of what a letter says: the text of the rendered PDF, page by page, as unpdf extracts it
 * (what a reader's copy-paste or a screen reader gets). `UPDATE_GOLDEN=1` rewrites the files after a
 * deliberate change of layout; a diff in review shows what changed on the page.
 */
const goldenDir = join(import.meta.dirname, 'golden');

async function pagesOf(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text;
}

function expectGolden(name: string, pages: string[]) {
  const text = pages.map((page, index) => `--- page ${index + 1} ---\n${page}\n`).join('');
  const file = join(goldenDir, name);
  if (process.env.UPDATE_GOLDEN) writeFileSync(file, text);
  expect(text).toBe(readFileSync(file, 'utf8'));
}

// 23:30 on November 24 in Chicago is already the 25th in UTC: the letter is dated in the association's day.
const madeAt = new Date('2026-11-25T05:30:00Z');
const facts = {
  association: {
    name: 'Willow Creek Commons',
    address: '1200 Willow Creek Dr, Austin, TX 78701',
    timeZone: 'America/Chicago',
  },
  unit: { label: '14B', mailingAddress: '14B Willow Creek Dr, Austin, TX 78701' },
  owners: [
    { name: 'Zoë Ångström', since: '2026-03-01' },
    { name: 'Sam Ortiz', since: '2026-03-01' },
  ],
  sender: 'Morgan Lee',
  madeAt,
};

const violationTemplate = {
  title: 'Notice of violation: unit {{unit.label}}',
  body: `Dear {{owner.name}},

On inspection, unit {{unit.label}} did not follow this rule of {{association.name}}:

“{{rule.text}}” ({{rule.source}})

A fine of {{amount.fine}} applies, and {{amount.due}} is now due. Please correct the violation by {{date.due}}.

Sincerely,
{{sender.name}}`,
};

describe('letter PDFs', () => {
  it('prints the filled placeholders: names, money through the money type, dates in the association’s day', async () => {
    const values = placeholderValues([violationTemplate.title, violationTemplate.body], facts, {
      'amount.fine': 10_000,
      'amount.due': 132_550,
      'date.due': '2026-12-31',
      'rule.text': 'Trash containers must be stored out of sight except on collection days.',
      'rule.source': 'CC&Rs §7.4',
    });
    expect(values).toMatchObject({
      'owner.name': 'Zoë Ångström and Sam Ortiz',
      'amount.fine': '$100.00',
      'amount.due': '$1,325.50',
      'date.due': 'December 31, 2026',
    });
    const pdf = await renderLetter({
      association: { name: facts.association.name, address: facts.association.address },
      date: formatMomentIn(madeAt, facts.association.timeZone),
      recipients: facts.owners.map((owner) => ({ name: owner.name, address: facts.unit.mailingAddress })),
      title: fillPlaceholders(violationTemplate.title, values),
      body: fillPlaceholders(violationTemplate.body, values),
      reference: 'ABCD1234',
      createdAt: madeAt,
    });
    expect(pdf.pageCount).toBe(1);
    const pages = await pagesOf(pdf.bytes);
    expect(pages[0]).toContain('November 24, 2026');
    expect(pages[0]).not.toContain('{{');
    expectGolden('violation-notice.txt', pages);
  });

  it('renders the welcome letter the migration installs, word for word', async () => {
    const welcome = readFileSync(join(import.meta.dirname, '../../db/migrations/0017_letters.sql'), 'utf8');
    const body = /\$body\$([\s\S]*?)\$body\$/.exec(welcome)![1]!;
    const title = 'Welcome to {{association.name}}';
    const single = { ...facts, owners: [facts.owners[0]!] };
    const values = placeholderValues([title, body], single, {});
    expect(values['owner.since']).toBe('March 1, 2026');
    const pdf = await renderLetter({
      association: { name: facts.association.name, address: facts.association.address },
      date: formatMomentIn(madeAt, facts.association.timeZone),
      recipients: [{ name: 'Zoë Ångström', address: facts.unit.mailingAddress }],
      title: fillPlaceholders(title, values),
      body: fillPlaceholders(body, values),
      reference: 'WELCOME1',
      createdAt: madeAt,
    });
    expectGolden('welcome.txt', await pagesOf(pdf.bytes));
  });

  it('breaks a long letter over pages, numbering them in the footer', async () => {
    const paragraph = 'The association’s rules apply to every unit. '.repeat(12);
    const pdf = await renderLetter({
      association: { name: 'Harbor View Condominiums', address: '85 Harbor View Lane, San Diego, CA 92101' },
      date: 'January 2, 2027',
      recipients: [{ name: 'Rosa Diaz', address: 'Unit 3C, 85 Harbor View Lane, San Diego, CA 92101' }],
      title: 'Rules',
      body: Array.from({ length: 30 }, () => paragraph).join('\n\n'),
      reference: 'LONG0001',
      createdAt: madeAt,
    });
    expect(pdf.pageCount).toBeGreaterThan(2);
    const pages = await pagesOf(pdf.bytes);
    expect(pages).toHaveLength(pdf.pageCount);
    expect(pages.at(-1)).toContain(`Page ${pdf.pageCount} of ${pdf.pageCount}`);
  });

  it('prints a batch as one PDF: the address sheet first, then every letter page as stored', async () => {
    const letter = (name: string) =>
      renderLetter({
        association: { name: 'Willow Creek Commons', address: facts.association.address },
        date: 'November 24, 2026',
        recipients: [{ name, address: `${name}'s address` }],
        title: `Letter to ${name}`,
        body: 'Hello.',
        reference: name.toUpperCase().slice(0, 8),
        createdAt: madeAt,
      });
    const [first, second] = await Promise.all([letter('Ana'), letter('Ben')]);
    const sheet = await renderAddressSheet({
      association: 'Willow Creek Commons',
      printedOn: 'November 24, 2026',
      createdAt: madeAt,
      rows: ['Ana', 'Ben'].map((name) => ({
        recipient: name,
        address: `${name}'s address`,
        unit: '1',
        letter: `Letter to ${name}`,
        reference: name.toUpperCase(),
      })),
    });
    const batch = await concatenatePdfs([sheet.bytes, first.bytes, second.bytes]);
    expect(batch.pageCount).toBe(sheet.pageCount + first.pageCount + second.pageCount);
    const pages = await pagesOf(batch.bytes);
    expect(pages[0]).toContain('Address sheet: Willow Creek Commons');
    expect(pages[0]).toContain("Ana's address");
    expect(pages[1]).toContain('Letter to Ana');
    expect(pages[2]).toContain('Letter to Ben');
  });
});
