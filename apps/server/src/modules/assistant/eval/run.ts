/**
 * `npm run eval:assistant`: scores the built-in assistant on the evaluation set and prints JSON — the
 * held-out test set (the figures to report, with its misclassified messages) and the development set.
 * `-- --misses dev` lists the development set's misclassified messages instead: tune on those only.
 */
import { evaluateSplit, meetsTargets, targets, type SplitReport } from './evaluate.ts';

const missesOf = process.argv.includes('--misses')
  ? process.argv[process.argv.indexOf('--misses') + 1]
  : 'test';

function figures({ misses: _misses, ...rest }: SplitReport) {
  return rest;
}

const test = evaluateSplit('test');
const dev = evaluateSplit('dev');
const report = {
  targets,
  test: { ...figures(test), meetsTargets: meetsTargets(test) },
  dev: { ...figures(dev), meetsTargets: meetsTargets(dev) },
  [missesOf === 'dev' ? 'devMisclassified' : 'testMisclassified']: (missesOf === 'dev' ? dev : test).misses,
};
console.log(JSON.stringify(report, null, 2));
