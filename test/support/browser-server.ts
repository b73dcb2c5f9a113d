// vitest globalSetup of the e2e project: one Chromium for all its files. Each file used to launch its own (a
// browser start per file, one process tree each); now each connects to this one and works in contexts of its
// own, which Playwright closes when the file disconnects, so files still share no page, cookie or storage.
import { existsSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's endpoint for chromium.connect, or '' when each file launches its own. */
    chromiumWsEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // No Chromium: nothing to share, and the files skip, saying why (browserSkipReason).
  if (!existsSync(CHROMIUM)) {
    project.provide('chromiumWsEndpoint', '');
    return async () => {};
  }
  const server: BrowserServer = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
