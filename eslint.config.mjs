// Layering is enforced here from the first commit: renderer, main, preload, sandbox and shared may
// only reach what their runtime allows. Paths are resolved, so `../../main/x` and `../main` both count.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = [
  'assert', 'buffer', 'child_process', 'cluster', 'crypto', 'dgram', 'dns', 'events', 'fs', 'fs/promises',
  'http', 'http2', 'https', 'module', 'net', 'os', 'path', 'perf_hooks', 'process', 'querystring', 'readline',
  'stream', 'stream/promises', 'string_decoder', 'timers', 'timers/promises', 'tls', 'url', 'util', 'v8', 'vm',
  'worker_threads', 'zlib',
];
const noNodeOrElectron = {
  paths: [...nodeBuiltins, 'electron'].map((name) => ({ name, message: 'This layer runs without Node or Electron.' })),
  patterns: [{ group: ['node:*'], message: 'This layer runs without Node.' }],
};

const zone = (target, from, message) => ({ target, from, message });

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'resources/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.node.json', 'tsconfig.web.json', 'tsconfig.test.json'], noWarnOnMultipleProjects: true })],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('./src/renderer', './src/main', 'The renderer reaches main only through the preload API.'),
            zone('./src/renderer', './src/preload', 'The renderer uses the API type from src/shared.'),
            zone('./src/renderer', './src/sandbox', 'The renderer never talks to the sandbox directly.'),
            zone('./src/renderer', './src/test-host', 'The renderer must not know it runs in the test host.'),
            zone('./src/main', './src/renderer', 'Main never imports renderer code.'),
            zone('./src/main', './src/test-host', 'Main never depends on the test host.'),
            zone('./src/shared', './src/main', 'Shared imports neither main nor renderer.'),
            zone('./src/shared', './src/renderer', 'Shared imports neither main nor renderer.'),
            zone('./src/shared', './src/preload', 'Shared stands alone.'),
            zone('./src/shared', './src/sandbox', 'Shared stands alone.'),
            zone('./src/sandbox', './src/main', 'The sandbox is the service; it never uses the client.'),
            zone('./src/sandbox', './src/renderer', 'The sandbox is the service; it never uses the client.'),
            zone('./src/sandbox', './src/preload', 'The sandbox is the service; it never uses the client.'),
            zone('./src/preload', './src/main', 'The preload only knows the shared contract.'),
            zone('./src/preload', './src/renderer', 'The preload only knows the shared contract.'),
            zone('./src/preload', './src/sandbox', 'The preload only knows the shared contract.'),
          ],
        },
      ],
      'import-x/no-unresolved': 'error',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { ...noNodeOrElectron, paths: [...noNodeOrElectron.paths, { name: 'react', message: 'Shared has no UI.' }] }] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: '19' } },
    rules: {
      'no-restricted-imports': ['error', noNodeOrElectron],
      'react/no-danger': 'error',
      'react/jsx-no-script-url': 'error',
      'react/jsx-no-target-blank': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Only the Electron shell may import electron; everything else must load under plain Node.
    files: ['src/main/**/*.ts', 'src/sandbox/**/*.ts', 'src/test-host/**/*.ts'],
    ignores: ['src/main/app.ts', 'src/main/window.ts', 'src/main/electron/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'Only app.ts, window.ts and src/main/electron/ import electron, so tests can load everything else.' }] }],
    },
  },
  {
    files: ['test/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs,cjs}', '*.mts', '*.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    // electron-builder loads its hooks as CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
