import { join } from 'node:path';

/**
 * Where the built app's parts sit beside the main bundle (out/main/index.js): the renderer in out/renderer,
 * the preload in out/preload. They are found from the bundle's own directory, so they hold in a packaged app
 * too; the built-app boot test (test/integration/built-app-boot.test.ts) checks that each exists.
 */
export function bundlePaths(mainDir: string): { rendererDir: string; preload: string } {
  return { rendererDir: join(mainDir, '..', 'renderer'), preload: join(mainDir, '..', 'preload', 'index.cjs') };
}
