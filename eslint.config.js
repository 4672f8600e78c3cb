import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Features may not import each other (DESIGN.md §4): each one gets a rule that forbids the others' folders.
const featuresDir = 'apps/web/src/features';
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const noCrossFeatureImports = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: features
          .filter((other) => other !== feature)
          .map((other) => ({
            group: [`**/features/${other}`, `**/features/${other}/**`, `../${other}`, `../${other}/**`],
            message: `features/${feature} may not import features/${other}: move shared code to components/ or lib/.`,
          })),
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', 'data', 'test-results', 'playwright-report'] },
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
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...noCrossFeatureImports,
);
