#!/usr/bin/env node
// The `fieldwork` command. It runs the bundled CLI (out/cli, built by `npm run build` with the app), which
// starts quickly; without a build, or with FIELDWORK_CLI_FROM_SOURCE=1 while developing, it runs the
// TypeScript sources under tsx instead.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const bundle = join(__dirname, '..', 'out', 'cli', 'index.cjs');
let runCli;
if (process.env.FIELDWORK_CLI_FROM_SOURCE !== '1' && existsSync(bundle)) {
  ({ runCli } = require(bundle));
} else if (!process.env.FIELDWORK_CLI_UNDER_TSX) {
  // The sources load the core and the exporters lazily with import(), which needs tsx's ESM hooks as well as
  // its CommonJS ones; only `node --import tsx` sets up both, so the sources run in a child started that way.
  const { spawnSync } = require('node:child_process');
  const child = spawnSync(process.execPath, ['--import', 'tsx', __filename, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, FIELDWORK_CLI_UNDER_TSX: '1' },
  });
  process.exit(child.status ?? 1);
} else {
  ({ runCli } = require('../src/main/cli/index.ts'));
}

// A reader that went away (`fieldwork search … | head`) ends the run quietly, not with a stack.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e && e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

runCli(process.argv.slice(2)).then(
  // Let stdout drain (it is asynchronous when piped on some platforms) before the cache worker is torn down.
  (code) => process.stdout.write('', () => process.exit(code)),
  () => process.exit(1),
);
