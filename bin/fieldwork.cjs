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
} else {
  require('tsx/cjs/api').register();
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
