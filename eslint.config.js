import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = resolve(dirname(fileURLToPath(import.meta.url)), 'apps/web/src/features');

/** The feature folder a file belongs to, or null outside apps/web/src/features. */
function featureOf(file) {
  const path = relative(featuresDir, file);
  return path.startsWith('..') || path === '' ? null : path.split(sep)[0];
}

// DESIGN.md §4: features may not import each other. Resolves each relative import against the
// importing file, so every spelling (../x, ../../x/y, …) is caught; shared code goes to components/ or lib/.
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        'features/{{from}} may not import features/{{to}}: move shared code to components/ or lib/.',
    },
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = featureOf(resolve(dirname(context.filename), source.value));
      if (to && to !== from) context.report({ node: source, messageId: 'crossFeature', data: { from, to } });
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
      commonwise: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } },
    },
    rules: { ...reactHooks.configs.recommended.rules, 'commonwise/no-cross-feature-imports': 'error' },
  },
);
