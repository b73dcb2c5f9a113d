import { defineConfig, type Plugin } from 'vitest/config';

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

export default defineConfig({
  plugins: [modulePath()],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Polls wait on a state, never on time: the default 1 s would turn a busy machine's slowness into a
    // failure. A state that never comes still fails, with the poll's own message, after 15 s.
    expect: { poll: { timeout: 15_000, interval: 50 } },
    reporters: ['default'],
  },
});
