import type { ClipMediaFns } from '../../src/main/clips/export';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createCore, type Core } from '../../src/main/core';
import { createMemoryDesktop, type MemoryDesktop } from '../../src/main/desktop/ports';
import type { Timers } from '../../src/main/timers';
import { silentLogger, type Logger } from '../../src/main/logging/logger';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import type { SecretStore } from '../../src/main/secrets/secret-store';
import { startTestHost, testHostMediaUrl, type TestHost } from '../../src/test-host/host';
import { TEST_CACHE_WORKER } from './cache-worker';

export const ROOT = resolve(__dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const RENDERER_DIR = join(ROOT, 'out/renderer');
export const BRIDGE = join(ROOT, 'out/test-host/bridge.js');
export const SHOTS = join(ROOT, 'test-results/e2e');

/** Why browser tests cannot run here, or null when they can. Printed by the skipping test. */
export function browserSkipReason(): string | null {
  if (!existsSync(CHROMIUM)) return `skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (!existsSync(join(RENDERER_DIR, 'index.html')) || !existsSync(BRIDGE))
    return 'skipped: renderer not built (npm test builds it first; or run npm run build)';
  return null;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--autoplay-policy=no-user-gesture-required',
      // Headless Chromium still builds the omnibox's popup (a WebUI page in a renderer of its own) for a window
      // nobody sees: a third of the browser's own CPU over the e2e run, for nothing the app uses.
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI',
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium per test process, shared by the e2e files it runs one after another (they share the module graph):
 * launching one costs about 1.2 s of CPU, once per file before. Every page lives in a context of its own, which the
 * file closes after its tests (closeContexts), so no file sees another's pages, storage or cookies. A browser that
 * crashed or was closed is launched again.
 */
export async function sharedBrowser(): Promise<Browser> {
  const current = shared;
  if (current) {
    const browser = await current.catch(() => null);
    if (browser?.isConnected()) return browser;
  }
  const launching = launchBrowser();
  shared = launching;
  return launching;
}

/** Closes every page and context of the browser, leaving it running for the next file. */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((c) => c.close()));
}

export type Harness = { core: Core; host: TestHost; dataDir: string; desktop: MemoryDesktop; secrets: SecretStore; close(): Promise<void> };

/**
 * A fresh profile, the real core and the test host serving the built renderer. `secrets` defaults to an
 * in-memory store that reports no problem; pass createMemoryStore('reason') to act out a missing keychain.
 */
export async function startHarness(
  opts: {
    secrets?: SecretStore;
    timers?: Timers;
    log?: Logger;
    clipMedia?: () => Promise<ClipMediaFns>;
    /** How often main's report polls check the service (CoreOptions.reportPollMs); the spec's 10 s otherwise. */
    reportPollMs?: number;
    /** The API client's first retry step (CoreOptions.retryBaseDelayMs); 500 ms otherwise. */
    retryBaseDelayMs?: number;
  } = {},
): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fw-e2e-'));
  const desktop = createMemoryDesktop();
  // Handed to tests too, so they can read the demo workspace's key and call the demo sandbox's operator routes.
  const secrets = opts.secrets ?? createMemoryStore(null);
  const core = createCore({
    desktop,
    dataDir,
    mediaDir: join(ROOT, 'resources/sample-media'),
    secrets,
    log: opts.log ?? silentLogger,
    version: 'e2e',
    platform: process.platform,
    cacheWorker: { path: TEST_CACHE_WORKER },
    mediaUrl: testHostMediaUrl,
    ...(opts.timers ? { timers: opts.timers } : {}),
    ...(opts.reportPollMs ? { reportPollMs: opts.reportPollMs } : {}),
    ...(opts.retryBaseDelayMs ? { retryBaseDelayMs: opts.retryBaseDelayMs } : {}),
    ...(opts.clipMedia ? { clipMedia: opts.clipMedia } : {}),
  });
  const host = await startTestHost({ core, rendererDir: RENDERER_DIR, bridgeScript: BRIDGE });
  return {
    core,
    host,
    dataDir,
    desktop,
    secrets,
    close: async () => {
      await host.close();
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Fails the test on any page error or console error, which is what a user would see as breakage. */
export function watchPage(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  return { problems };
}

export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * The page as it is, at the smallest window the app supports and a common laptop size, in both themes:
 * `NAME-1024-light.png` … `NAME-1440-dark.png`, each after `before` (to bring a part into view). Leaves the
 * page at 1440×900, dark.
 */
export async function shotEverySize(page: Page, name: string, before?: () => Promise<void>): Promise<void> {
  for (const [width, height] of [
    [1024, 700],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await before?.();
      await shot(page, `${name}-${width}-${colorScheme}`);
    }
  }
}
