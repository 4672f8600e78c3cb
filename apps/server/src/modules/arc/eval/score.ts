import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ArcUnit } from '@commonwise/contracts';
import {
  formatQuantity,
  parseQuantities,
  readListedValues,
  readMeasurements,
  sameQuantity,
  type FieldTarget,
} from '../measurements.ts';

/** One snippet of an evaluation set (heldout.json, heldout-2.json, dev.json). */
export type EvalItem = {
  id: string;
  category: string;
  source: string;
  field: { key: string; label: string; unit?: ArcUnit; values?: string[] };
  siblings?: string[];
  pages: string[];
  /** What a careful reader takes as the project's value(s); null: nothing should be found. */
  expected: string | string[] | null;
};
export type EvalResult = { item: EvalItem; pass: boolean; expected: string[]; found: string[] };
export type EvalScore = {
  results: EvalResult[];
  correct: number;
  total: number;
  byCategory: Record<string, { correct: number; total: number }>;
};

export function loadEvalSet(name: string): EvalItem[] {
  const file = join(import.meta.dirname, `${name}.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { items: EvalItem[] }).items;
}

/**
 * An item passes when the set of values read equals the expected set exactly: a value missed and a
 * value read that should not have been are both failures.
 */
export function scoreItems(items: EvalItem[]): EvalScore {
  const results = items.map((item): EvalResult => {
    const expected = item.expected === null ? [] : [item.expected].flat();
    const target: FieldTarget = {
      key: item.field.key,
      label: item.field.label,
      unit: item.field.unit ?? null,
      siblings: item.siblings ?? [],
    };
    if (item.field.values) {
      const found = readListedValues(target, item.field.values, item.pages).map((r) => r.value);
      const pass = found.length === expected.length && expected.every((e) => found.includes(e));
      return { item, pass, expected, found };
    }
    const unit = item.field.unit!;
    const wanted = expected.map((e) => {
      const quantity = parseQuantities(e, unit)[0];
      if (!quantity) throw new Error(`${item.id}: cannot read the expected value “${e}”`);
      return quantity;
    });
    const readings = readMeasurements(target, item.pages);
    const pass =
      readings.length === wanted.length &&
      wanted.every((w) => readings.some((r) => sameQuantity(r.quantity, w)));
    return {
      item,
      pass,
      expected,
      found: readings.map((r) => `${r.written} = ${formatQuantity(r.quantity, unit)}`),
    };
  });
  const byCategory: EvalScore['byCategory'] = {};
  for (const { item, pass } of results) {
    const entry = (byCategory[item.category] ??= { correct: 0, total: 0 });
    entry.total++;
    if (pass) entry.correct++;
  }
  return { results, correct: results.filter((r) => r.pass).length, total: results.length, byCategory };
}

export function describeScore(name: string, score: EvalScore): string {
  const percent = (c: number, t: number) => `${c}/${t} (${Math.round((100 * c) / t)}%)`;
  const lines = [`${name}: ${percent(score.correct, score.total)}`];
  for (const [category, { correct, total }] of Object.entries(score.byCategory).sort()) {
    lines.push(`  ${category.padEnd(8)} ${percent(correct, total)}`);
  }
  for (const r of score.results.filter((x) => !x.pass)) {
    lines.push(
      `  miss ${r.item.id} (${r.item.source}): expected ${JSON.stringify(r.expected)}, read ${JSON.stringify(r.found)}`,
    );
  }
  return lines.join('\n');
}
