import { existsSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vitest/config';
import { INTEGRATION_ISOLATED, ISOLATED_UNIT, UNIT_OUT_OF_PROCESS } from './test/isolated-unit.mjs';
import { SLOW_FIRST, SlowFirstSequencer } from './test/slow-first.mjs';

/**
 * electron-vite turns `import p from './x?modulePath'` into the path of a separately built chunk (the
 * cache worker). Tests give it the same meaning: the path of the module, as a string, never its code.
 */
function modulePath(): Plugin {
  return {
    name: 'fieldwork-module-path',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith('?modulePath')) return null;
      return `export default ${JSON.stringify(id.slice(0, -'?modulePath'.length))};`;
    },
  };
}

// A listed file that was moved or renamed would silently fall back into the unit project (where lint then refuses
// it) or out of every project: say so here instead.
for (const file of [...ISOLATED_UNIT, ...UNIT_OUT_OF_PROCESS, ...INTEGRATION_ISOLATED].filter((f) => !f.includes('*'))) {
  if (!existsSync(new URL(file, import.meta.url))) throw new Error(`test/isolated-unit.mjs lists ${file}, which does not exist: update the list`);
}
for (const file of SLOW_FIRST) {
  if (!existsSync(new URL(file, import.meta.url))) throw new Error(`test/slow-first.mts lists ${file}, which does not exist: update the list`);
}

export default defineConfig({
  plugins: [modulePath()],
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, so every file ran one
    // after another. Most integration and e2e files spend their time waiting on children, loopback servers, a
    // browser, injected latency and video playing in real time (e2e used 0.76 of a core over its run with two
    // workers), so three keep both cores busy, also when another process takes one of them.
    maxWorkers: 3,
    // Polls wait on a state, never on time: the default 1 s would turn a busy machine's slowness into a
    // failure. A state that never comes still fails, with the poll's own message, after 15 s.
    expect: { poll: { timeout: 15_000, interval: 50 } },
    sequence: { sequencer: SlowFirstSequencer },
    reporters: ['default'],
    projects: [
      {
        extends: true,
        // Unit files share their worker's module graph instead of re-importing it per file (half the wall time):
        // they hold no process-wide state. Those that replace modules or install process hooks run isolated.
        // Files that leave the process (UNIT_OUT_OF_PROCESS) run with the integration tests.
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
          exclude: [...ISOLATED_UNIT, ...UNIT_OUT_OF_PROCESS],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'unit-isolated', include: ISOLATED_UNIT, exclude: UNIT_OUT_OF_PROCESS } },
      {
        extends: true,
        // Integration files share their worker's module graph too: each one starts its own sandbox, core and
        // folders, so re-importing the core for every file only cost CPU (as it did in e2e, below). The files that
        // replace modules or install process-wide handlers keep their own graph (INTEGRATION_ISOLATED).
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/contract/**/*.test.ts', ...UNIT_OUT_OF_PROCESS],
          exclude: INTEGRATION_ISOLATED,
          isolate: false,
          // A bound, not a wait: a test that runs the CLI or a core several times over takes 5-12 s with a core
          // taken, and 20 s failed some on a loaded machine.
          testTimeout: 60_000,
        },
      },
      { extends: true, test: { name: 'integration-isolated', include: INTEGRATION_ISOLATED } },
      {
        extends: true,
        // Each e2e file runs a core, a sandbox and a Chromium: after the other tests, so a browser never competes
        // with a CPU-bound unit test for the same core. The files share their worker's module graph (none mocks a
        // module): importing the core afresh for each of them cost 122 of the project's 456 s.
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          isolate: false,
          // Two at once: with three Chromiums on the one core a busy machine leaves, an export dialog once took over
          // 30 s to open (redaction-review, in a fresh-clone run with a core taken).
          maxWorkers: 2,
          // A bound, not a wait: a test that drives a browser through a whole task takes 10-16 s on a quiet
          // machine, and twice that with a core taken; 20 s failed them on a loaded machine.
          testTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
