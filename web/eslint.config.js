import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

/**
 * The layers of the web app (docs/architecture.md "Web app", STYLE.md). A feature is one folder
 * under features/; imports inside it are its own business and are not checked.
 */
const elements = [
  { type: 'app', pattern: 'src/app' },
  { type: 'feature', pattern: 'src/features/*', capture: ['name'] },
  { type: 'components', pattern: 'src/components' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'styles', pattern: 'src/styles' },
  { type: 'test-setup', pattern: 'src/test' },
];

const layer = (type) => ({ element: { type } });
const mayImport = (from, to) => ({ from: layer(from), allow: to.map((type) => ({ to: layer(type) })) });

/**
 * Dependencies point inwards: app wires features together; a feature sees only lib/ and
 * components/ (never another feature: cross-feature wiring goes through props, context or
 * callbacks that app/ hands in); components/ sees lib/; lib/ sees nothing of ours but itself.
 */
const policies = [
  mayImport('app', ['feature', 'components', 'lib', 'styles']),
  mayImport('feature', ['components', 'lib']),
  mayImport('components', ['lib']),
  // The unit tests' setup loads the code-split chunks up front (lib/chunks.ts).
  mayImport('test-setup', ['lib']),
];

const API_CLIENT_ONLY = 'Call the server through the API client (lib/api/client.ts).';

export default tseslint.config(
  { ignores: ['dist', 'src/lib/api/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  // Build scripts run under Node (scripts/script-budget.mjs).
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { ...globals.node } } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      // The entry point starts the app: the composition root, above every layer.
      'boundaries/ignore': ['src/main.tsx'],
      // Resolves the `@/` alias and extensionless imports the way tsc does.
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies }],
      // Every file under src/ belongs to one of the layers above.
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    // One API client: only lib/api talks to the server. The video feature's oEmbed lookups go to
    // YouTube and Vimeo, not to us; tests hand fake fetches in.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/api/**', 'src/features/tracking/video/oembed.ts', '**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: API_CLIENT_ONLY }],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', property: 'fetch', message: API_CLIENT_ONLY },
        { object: 'window', property: 'fetch', message: API_CLIENT_ONLY },
        { object: 'navigator', property: 'sendBeacon', message: API_CLIENT_ONLY },
      ],
    },
  },
  // Stylesheets are not JavaScript; the processor lets the file-name rule see them anyway.
  { files: ['src/**/*.css'], processor: 'check-file/eslint-processor-check-file' },
  {
    files: ['src/**/*.{ts,tsx,css}'],
    plugins: { 'check-file': checkFile },
    rules: {
      // STYLE.md: kebab-case files (`cart-page.test.tsx`, `run.vectors.test.ts`, `vite-env.d.ts`).
      'check-file/filename-naming-convention': ['error', { 'src/**/*.{ts,tsx,css}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
    },
  },
);
