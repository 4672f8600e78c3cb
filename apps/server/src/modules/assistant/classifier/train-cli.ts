/**
 * `npm run train:assistant` (part of `npm run build`): trains the intent and category classifiers
 * unless models for the current training messages and code are already cached.
 */
import { ensureModels } from './model.ts';

const started = Date.now();
const { path, trained } = ensureModels();
console.log(
  `Assistant classifiers ${trained ? 'trained' : 'up to date'} (${Date.now() - started} ms): ${path}`,
);
