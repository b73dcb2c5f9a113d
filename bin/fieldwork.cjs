#!/usr/bin/env node
// The `fieldwork` command: runs the TypeScript CLI straight from the checkout under tsx (no build).
require('tsx/cjs/api').register();
const { runCli } = require('../src/main/cli/index.ts');

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
