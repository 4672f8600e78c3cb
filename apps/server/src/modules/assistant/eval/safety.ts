/**
 * The emergency figures of one corpus split, per language, printed as JSON:
 *
 *   npx tsx apps/server/src/modules/assistant/eval/safety.ts incoming3 [--misses]
 *
 * `--misses` also lists the messages the rules got wrong (a missed emergency, a false alarm, a wrong
 * kind). It is refused for the held-out split, whose messages are never read (corpus/README.md): for
 * those, only `npm run eval:assistant`'s aggregate figures.
 */
import { freshSplits, loadCorpus, measureSafety, safetyMisses, type CorpusSplit } from './corpus.ts';

const splits: CorpusSplit[] = ['train', ...freshSplits, 'heldout'];
const [split, ...flags] = process.argv.slice(2);
if (!splits.includes(split as CorpusSplit)) {
  console.error(`usage: safety.ts <${splits.join('|')}> [--misses]`);
  process.exit(2);
}
const showMisses = flags.includes('--misses');
if (showMisses && split === 'heldout') {
  console.error('The held-out messages are not read, nor their misses: npm run eval:assistant');
  process.exit(2);
}
const corpus = loadCorpus(split as CorpusSplit);
const report = Object.fromEntries(
  [...corpus].map(([group, messages]) => {
    const {
      messages: count,
      emergencies,
      emergencyRecall,
      emergencyPrecision,
      emergencyKindAccuracy,
      safetyFirstRecall,
    } = measureSafety(messages, group);
    return [
      group,
      {
        messages: count,
        emergencies,
        emergencyRecall,
        emergencyPrecision,
        emergencyKindAccuracy,
        safetyFirstRecall,
      },
    ];
  }),
);
console.log(JSON.stringify(report, null, 2));
if (showMisses)
  for (const [group, messages] of corpus)
    for (const miss of safetyMisses(messages)) console.log(`${group}\t${JSON.stringify(miss)}`);
