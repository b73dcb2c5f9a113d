import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths';

const DEV = join(ROOT, 'src/main/cache/worker-dev.cjs');
const BUNDLED = join(ROOT, 'out/cli/cache-worker.cjs');

/** The newest modification time of any file under `dir`. */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The cache worker script tests start: the bundled one `npm test` builds first (the CLI's, the same code the app
 * bundles) when it is newer than every source it is built from, else the TypeScript one under tsx. Opening a
 * worker under tsx costs about 550 ms of CPU against 240 ms bundled, and the suite opens hundreds; a stale bundle
 * (sources edited since the last build) is never used, so a test always runs the code as it is now.
 */
export function testCacheWorkerPath(): string {
  if (!existsSync(BUNDLED)) return DEV;
  const built = statSync(BUNDLED).mtimeMs;
  const sources = Math.max(newestUnder(join(ROOT, 'src/main')), newestUnder(join(ROOT, 'src/shared')));
  return built > sources ? BUNDLED : DEV;
}

/** Decided once per test process: every worker a process starts runs the same code. */
export const TEST_CACHE_WORKER = testCacheWorkerPath();
