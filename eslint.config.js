import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// Layering: functions/ (HTTP and queue glue) -> shared/ (domain and libraries);
// infra/ (declarations, local stack, build tools) -> shared/. shared/ never
// reaches up, and a feature reaches another feature's data only through that
// feature's store interface or service, never its DynamoDB adapter.
const sharedMayNotImport = [
  { group: ['**/functions/**', '../functions', '../../functions'], message: 'shared/ is below functions/: pass what it needs in.' },
  {
    group: ['**/infra/**', '../infra', '../../infra'],
    message: 'shared/ is below infra/: own the value in shared/ and import it from infra/.',
  },
  { group: ['../*/dynamo-*'], message: "A feature uses another feature's store interface, not its DynamoDB adapter." },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.data/**',
      '.serverless/**',
      '.esbuild/**',
      'dist/**',
      'coverage/**',
      '.bench-out/**',
      '.artifacts/**',
      'build/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,mts,js,mjs,cjs}'],
    plugins: { import: importPlugin },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import/extensions': ['.ts', '.mts', '.js', '.mjs', '.cjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.mts'] },
      'import/resolver': { node: { extensions: ['.ts', '.mts', '.js', '.mjs', '.cjs', '.json'] } },
    },
    // Import cycles, type-only ones included, are checked by tests/unit/house/import-cycles.test.ts:
    // import/no-cycle skips `import type` and took nine tenths of eslint's time.
    rules: {
      'import/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['shared/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: sharedMayNotImport }] } },
  {
    // The road engine is a library under the routing API, the solver and the stores; a later
    // block replaces the shared/** patterns rather than adding to them, hence the spread.
    files: ['shared/roads/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...sharedMayNotImport,
            {
              group: ['**/routing', '**/routing/**', '**/solver', '**/solver/**', '**/optimization', '**/optimization/**'],
              message: 'shared/roads is the engine under the routing API and the solver: pass what it needs in.',
            },
            {
              group: ['**/dynamo-*', '**/dynamo', '**/store', '**/*-store', '**/platform/dynamo*'],
              message: 'The road engine reads artefacts from files, never a store.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/infra/**'], message: 'functions/ is deployed code; infra/ is tooling.' }] },
      ],
    },
  },
  {
    // Tests and the API's own command-line and browser clients read untyped JSON response bodies.
    files: ['tests/**/*.ts', 'infra/cli/**/*.ts', 'functions/console/app/src/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['functions/console/app/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
);
