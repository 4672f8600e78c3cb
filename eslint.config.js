import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const webSrc = resolve(dirname(fileURLToPath(import.meta.url)), 'apps/web/src');
const featuresDir = resolve(webSrc, 'features');

/** A file's place under apps/web/src/features: its feature and its path inside it; null outside. */
function placeInFeatures(file) {
  const path = relative(featuresDir, file);
  if (path.startsWith('..') || path === '') return null;
  const [feature, ...rest] = path.split(sep);
  return { feature, inside: rest.join('/') };
}

/** What a feature lets others import (decision 0023): its queries and mutations, and its public components. */
const publicEntries = new Set(['api.ts', 'index.ts']);

// Decision 0023: a feature may import another feature only through that feature's api.ts or index.ts,
// and the domain-free folders (components/, lib/) may not import features at all. Resolves each
// relative import against the importing file, so every spelling (../x, ../../x/y, …) is caught.
const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      deepImport:
        'features/{{from}} may import features/{{to}} only through its api.ts or index.ts, not {{inside}}.',
      domainFree:
        '{{folder}}/ is domain-free and may not import features/{{to}}: move the code to a feature.',
    },
  },
  create(context) {
    const here = relative(webSrc, context.filename).split(sep)[0];
    const from = placeInFeatures(context.filename)?.feature;
    const isDomainFree = here === 'components' || here === 'lib';
    if (!from && !isDomainFree) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = placeInFeatures(resolve(dirname(context.filename), source.value));
      if (!target || target.feature === from) return;
      if (isDomainFree) {
        context.report({ node: source, messageId: 'domainFree', data: { folder: here, to: target.feature } });
      } else if (!publicEntries.has(target.inside)) {
        const data = { from, to: target.feature, inside: target.inside || 'its folder' };
        context.report({ node: source, messageId: 'deepImport', data });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', 'data', '**/test-results', '**/playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      'react-hooks': reactHooks,
      commonwise: { rules: { 'feature-boundaries': featureBoundaries } },
    },
    rules: { ...reactHooks.configs.recommended.rules, 'commonwise/feature-boundaries': 'error' },
  },
);
