#!/usr/bin/env node
// The `fieldwork` command: runs the TypeScript CLI straight from the checkout under tsx (no build).
require('tsx/cjs/api').register();
const { runCli } = require('../src/main/cli/index.ts');

runCli(process.argv.slice(2)).then(
  // Let stdout drain (it is asynchronous when piped on some platforms) before the cache worker is torn down.
  (code) => process.stdout.write('', () => process.exit(code)),
  () => process.exit(1),
);
