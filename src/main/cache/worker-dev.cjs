// Runs the TypeScript cache worker under tsx, for the CLI, the test host and tests. A built app loads
// the bundled worker instead and never this file.
require('tsx/cjs/api').register();
require('./worker-entry.ts');
