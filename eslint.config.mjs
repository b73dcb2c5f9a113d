// Layering is enforced here from the first commit: renderer, main, preload, sandbox and shared may only
// reach what their runtime allows. The zones match any import path that passes through a forbidden
// layer's folder (`../main/x`, `../../main`), so a relative path cannot slip around them.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { INTEGRATION_ISOLATED, ISOLATED_UNIT, UNIT_OUT_OF_PROCESS } from './test/isolated-unit.mjs';

const nodeBuiltins = [
  'assert',
  'buffer',
  'child_process',
  'cluster',
  'crypto',
  'dgram',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'http2',
  'https',
  'module',
  'net',
  'os',
  'path',
  'perf_hooks',
  'process',
  'querystring',
  'readline',
  'stream',
  'stream/promises',
  'string_decoder',
  'timers',
  'timers/promises',
  'tls',
  'url',
  'util',
  'v8',
  'vm',
  'worker_threads',
  'zlib',
];

/** An import path that goes through one of these top-level folders of src/. */
const through = (...layers) => `(^|/)(${layers.join('|')})(/|$)`;

/** One no-restricted-imports setting per layer: ESLint keeps only the last one that applies to a file. */
function layer({ forbid, message, noNode = false, noElectron = true, extraPaths = [], extraPatterns = [] }) {
  const paths = [...extraPaths];
  if (noNode) paths.push(...nodeBuiltins.map((name) => ({ name, message: 'This layer runs without Node.' })));
  if (noElectron) {
    paths.push({ name: 'electron', message: 'Only src/main/shell and the preload import electron, so tests can load everything else.' });
  }
  const patterns = [{ regex: through(...forbid), message }, ...extraPatterns];
  if (noNode) patterns.push({ regex: '^node:', message: 'This layer runs without Node.' });
  return ['error', { paths, patterns }];
}

/** Inside main: the sandbox (the fake service) is for the demo only; IPC handlers are reached only through the registrar. */
const NO_SANDBOX = { regex: through('sandbox'), message: 'Only src/main/demo runs the sandbox; the rest of main talks to a service through the API client.' };
/** The shell wraps the core; the core never reaches back into it (it runs without Electron in tests and the CLI). */
const NO_SHELL = { regex: through('shell'), message: 'Only the Electron shell (src/main/shell) uses the shell; the core runs without it.' };
/** Screens call their feature store's actions; only stores (and lib) reach main through the bridge. */
const NO_BRIDGE_CALLS = {
  regex: '(^|/)lib/api$',
  importNames: ['api', 'call'],
  message: "Components do not call IPC: move the call into the feature's store (store.ts) and call its action (UiError may still be imported).",
};
const NO_HANDLERS = {
  regex: '(^|/)ipc/handlers(/|$)|^\\./handlers(/|$)',
  message: 'IPC handlers are adapters: call the domain service instead (only src/main/ipc/registry.ts imports handlers).',
};

/**
 * The floors of src/main, lowest first; each names its rooms (folders, or the few top-level files). A room
 * imports its own floor and the floors below it, never one above, so the lower floors can be loaded, tested
 * and reasoned about without the domains and adapters that stand on them. Within a floor the rooms may use
 * each other (no-cycle still applies).
 */
const MAIN_FLOORS = [
  {
    name: 'platform',
    rooms: ['errors.ts', 'events.ts', 'settings.ts', 'timers.ts', 'logging', 'secrets', 'security', 'native', 'desktop'],
    holds: 'errors, events, settings, timers, logging, secrets, security, native bindings and the desktop ports',
  },
  { name: 'data', rooms: ['api', 'cache'], holds: 'the API client and the offline cache' },
  { name: 'output', rooms: ['output'], holds: 'the export sink and its backends, file names, summaries, the docx/csv/html/text helpers and the output port' },
  { name: 'runtime', rooms: ['jobs', 'sync', 'media', 'workspaces', 'webhooks.ts'], holds: "background jobs, sync, media and the workspaces' runtimes" },
  {
    name: 'domains',
    rooms: ['analysis', 'studies', 'reports', 'share', 'redaction', 'clips', 'exports'],
    holds: 'the research domains and their services',
  },
  {
    name: 'adapters',
    rooms: ['ipc', 'cli', 'shell', 'demo', 'core.ts', 'services.ts'],
    holds: 'IPC, the CLI, the Electron shell, the demo, the services built in one place (services.ts) and the core that wires them',
  },
];
/** A new room in src/main must be given a floor here, or lint would not know which imports it may make. */
for (const entry of readdirSync(new URL('./src/main/', import.meta.url))) {
  if (entry !== 'env.d.ts' && !MAIN_FLOORS.some((f) => f.rooms.includes(entry))) {
    throw new Error(`src/main/${entry} has no floor: add it to MAIN_FLOORS in eslint.config.mjs.`);
  }
}
const roomPaths = (floor) => floor.rooms.map((room) => `./src/main/${room}`);
/** One zone for each floor and each floor above it: the message names both and what the lower one may do instead. */
const FLOOR_ZONES = MAIN_FLOORS.flatMap((floor, i) =>
  MAIN_FLOORS.slice(i + 1).map((above) => ({
    target: roomPaths(floor),
    from: roomPaths(above),
    message:
      `The ${floor.name} floor (${floor.holds}) stands below the ${above.name} floor and may not import it: ` +
      'move the code it needs down a floor, or take it as a port (an interface passed in by the core).',
  })),
);

/**
 * The CLI's commands reach the core only through the services (services.ts, via ctx.services()) and the shared
 * contract, as the IPC handlers do: never the runtime, the cache or a domain's internals, so there is one door
 * into the core and the CLI cannot drift from the app. (cli/index.ts opens the core, so it is left out.)
 */
const CLI_DOOR = {
  target: ['./src/main/cli/commands', './src/main/cli/project.ts', './src/main/cli/input.ts', './src/main/cli/types.ts'],
  from: MAIN_FLOORS.filter((f) => ['data', 'runtime', 'domains'].includes(f.name)).flatMap(roomPaths),
  message:
    'A CLI command reaches the core through ctx.services() (the services built in src/main/services.ts, the same the IPC handlers call), ' +
    'checking its input with checked() from cli/input.ts: add the operation to a service, and take its types from services.ts or src/shared.',
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'resources/**', 'coverage/**', 'test-results/**', '.fieldwork-dev/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // Type-checked promise and switch rules: a forgotten await or an unhandled case is a lint error, not a
    // bug found in the field. Each file is checked against the tsconfig of the runtime it belongs to.
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.node.json', './tsconfig.web.json', './tsconfig.test.json', './tsconfig.bench.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // No import cycles anywhere in src: a cycle makes load order decide behaviour, and hides layering.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The floors of main (MAIN_FLOORS above): a lower floor never imports a higher one.
    files: ['src/main/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...FLOOR_ZONES, CLI_DOOR] }] },
  },
  {
    // A function longer than a screen is read in pieces anyway: name the pieces. React components and zustand
    // stores are one function each by design, so the renderer is left out.
    files: ['src/main/**/*.ts', 'src/shared/**/*.ts', 'src/sandbox/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A migration's up() is its list of SQL statements, read top to bottom as the schema change it is;
    // splitting it into functions would only scatter one change across a file.
    files: ['src/main/cache/migrations/*.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': layer({
        forbid: ['main', 'renderer', 'preload', 'sandbox', 'test-host'],
        message: 'Shared imports neither main nor renderer (nor any other layer).',
        noNode: true,
        extraPaths: [{ name: 'react', message: 'Shared has no UI.' }],
      }),
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: '19' } },
    rules: {
      'no-restricted-imports': layer({
        forbid: ['main', 'preload', 'sandbox', 'test-host'],
        message: 'The renderer reaches main only through window.fieldwork; its types come from src/shared.',
        noNode: true,
      }),
      'react/no-danger': 'error',
      'react/jsx-no-script-url': 'error',
      'react/jsx-no-target-blank': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // One way to main: lib/api.ts wraps the bridge; stores call it (so the calls are typed and their errors mapped once).
      'no-restricted-properties': ['error', { object: 'window', property: 'fieldwork', message: 'Call main through api() from lib/api, in a store.' }],
    },
  },
  {
    files: ['src/renderer/lib/api.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Feature screens and hooks read their store and call its actions: the store (store.ts, *-store.ts) owns the IPC calls and event subscriptions.
    files: ['src/renderer/features/**/*.{ts,tsx}'],
    ignores: ['src/renderer/features/**/store.ts', 'src/renderer/features/**/*-store.ts'],
    rules: {
      'no-restricted-imports': layer({
        forbid: ['main', 'preload', 'sandbox', 'test-host'],
        message: 'The renderer reaches main only through window.fieldwork; its types come from src/shared.',
        noNode: true,
        extraPatterns: [NO_BRIDGE_CALLS],
      }),
    },
  },
  {
    // Shared components display what they are given; data and its IPC calls belong to the feature stores.
    files: ['src/renderer/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': layer({
        forbid: ['main', 'preload', 'sandbox', 'test-host', 'features'],
        message: 'Components do not reach into features (their stores own the data): take it as props.',
        noNode: true,
        extraPatterns: [NO_BRIDGE_CALLS],
      }),
    },
  },
  {
    files: ['src/main/**/*.ts'],
    rules: {
      'no-restricted-imports': layer({
        forbid: ['renderer', 'test-host'],
        message: 'Main never imports renderer code.',
        extraPatterns: [NO_SANDBOX, NO_HANDLERS, NO_SHELL],
      }),
    },
  },
  {
    // The demo is the one part of main that runs the sandbox service.
    files: ['src/main/demo/**/*.ts'],
    rules: {
      'no-restricted-imports': layer({
        forbid: ['renderer', 'test-host'],
        message: 'Main never imports renderer code.',
        extraPatterns: [NO_HANDLERS, NO_SHELL],
      }),
    },
  },
  {
    // The registrar is the one place that knows the IPC handler modules.
    files: ['src/main/ipc/registry.ts'],
    rules: {
      'no-restricted-imports': layer({
        forbid: ['renderer', 'test-host'],
        message: 'Main never imports renderer code.',
        extraPatterns: [NO_SANDBOX, NO_SHELL],
      }),
    },
  },
  {
    // The Electron shell itself: the only part of main that imports electron.
    files: ['src/main/shell/**/*.ts'],
    rules: {
      'no-restricted-imports': layer({
        forbid: ['renderer', 'test-host'],
        message: 'Main never imports renderer code.',
        noElectron: false,
        extraPatterns: [NO_SANDBOX, NO_HANDLERS],
      }),
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': layer({
        forbid: ['main', 'renderer', 'sandbox', 'test-host'],
        message: 'The preload only knows the shared contract.',
        noElectron: false,
      }),
    },
  },
  {
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': layer({
        forbid: ['main', 'renderer', 'preload', 'test-host'],
        message: 'The sandbox is the service; it never uses the client.',
      }),
    },
  },
  {
    files: ['src/test-host/**/*.ts'],
    rules: { 'no-restricted-imports': layer({ forbid: ['renderer', 'preload'], message: 'The test host serves the built renderer; it never imports it.' }) },
  },
  {
    // The browser half of the bridge runs in the page: shared contract only.
    files: ['src/test-host/bridge-client.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': layer({
        forbid: ['main', 'renderer', 'preload', 'sandbox'],
        message: 'The bridge only knows the shared contract.',
        noNode: true,
      }),
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
  {
    // `npm run test:unit` stays in-process (test/isolated-unit.mjs): no child process, worker thread, browser or
    // server in a unit file. Files that need one are listed in UNIT_OUT_OF_PROCESS and run as integration tests.
    files: ['test/unit/**/*.{ts,tsx}'],
    ignores: UNIT_OUT_OF_PROCESS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['child_process', 'node:child_process', 'worker_threads', 'node:worker_threads', 'cluster', 'node:cluster', 'playwright-core'].map((name) => ({
              name,
              message: 'Unit tests stay in-process: list this file in UNIT_OUT_OF_PROCESS (test/isolated-unit.mjs) or put it under test/integration/.',
            })),
            ...['http', 'node:http', 'https', 'node:https', 'net', 'node:net'].map((name) => ({
              name,
              importNames: ['createServer', 'Server'],
              message:
                'A server is network, even on loopback: list this file in UNIT_OUT_OF_PROCESS (test/isolated-unit.mjs) or put it under test/integration/.',
            })),
          ],
          patterns: [
            {
              regex: '(^|/)(support/(browser|core|e2e|cli|http-stub|media-tools|variant-service|demo-operator)|sandbox/server|test-host/host)$',
              message:
                'This starts a server, a browser or a child process: list this file in UNIT_OUT_OF_PROCESS (test/isolated-unit.mjs) or put it under test/integration/.',
            },
            {
              regex: '(^|/)support/sandbox$',
              importNames: ['testSandbox'],
              message: 'The sandbox listens on loopback: list this file in UNIT_OUT_OF_PROCESS (test/isolated-unit.mjs) or put it under test/integration/.',
            },
            {
              regex: '(^|/)support/workspace$',
              importNames: ['WORKER', 'workerCache'],
              message: 'A worker-hosted cache is a real thread: use memoryCache(), or test the worker under test/integration/.',
            },
            {
              regex: '(^|/)main/cache/cache$',
              importNames: ['openWorkerCache'],
              message: 'A worker-hosted cache is a real thread: use openInProcessCache, or test the worker under test/integration/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared-graph test files (unit, integration and e2e; see test/isolated-unit.mjs): a module mock or process hook
    // would leak into the next file.
    files: ['test/unit/**/*.{ts,tsx}', 'test/integration/**/*.ts', 'test/contract/**/*.ts', 'test/e2e/**/*.ts'],
    ignores: [...ISOLATED_UNIT, ...INTEGRATION_ISOLATED],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal|stubEnv|unstubAllGlobals)$/]",
          message: 'Module mocks and stubbed globals leak between test files that share a worker: list this file in test/isolated-unit.mjs.',
        },
        {
          selector: "CallExpression[callee.object.name='process'][callee.property.name=/^(on|once|chdir)$/]",
          message: 'Process-wide hooks leak between test files that share a worker: list this file in test/isolated-unit.mjs, or remove the hook in the test.',
        },
      ],
    },
  },
);
