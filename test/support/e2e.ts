import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { SandboxOptions } from '../../src/sandbox/server';
import { closeContexts, sharedBrowser, startHarness, watchPage, type Harness } from './browser';
import { demoStudy, openDemo } from './demo-operator';
import { testSandbox, type TestSandbox } from './sandbox';

type HarnessOptions = NonNullable<Parameters<typeof startHarness>[0]>;
type PageOptions = NonNullable<Parameters<Browser['newPage']>[0]>;

/** What an e2e file's tests share: read through getters, since the hooks fill them in after the file is collected. */
export type E2E = {
  readonly browser: Browser;
  readonly harness: Harness;
  /** The standalone service, when useHarness was asked for one. */
  readonly sandbox: TestSandbox;
  /** A new page, watched for page and console errors; it has not loaded anything yet. */
  newPage(options?: PageOptions): Promise<{ page: Page; problems: string[] }>;
  /** A new watched page with the app loaded. */
  openApp(options?: PageOptions): Promise<{ page: Page; problems: string[] }>;
  /** A new page on the first run, after "Try the demo", once the Studies table is up. */
  openDemo(options?: Pick<PageOptions, 'viewport' | 'colorScheme'>): Promise<{ page: Page; problems: string[]; studies: Locator }>;
  /** Another fresh profile for one test (a first run of its own), closed with the rest after the file. */
  startHarness(options?: HarnessOptions): Promise<Harness>;
};

/**
 * The set-up every e2e file repeats: a Chromium (shared with the worker's other files; the file's pages are closed
 * after it), a fresh profile with the real core behind the test host, and (when asked) a standalone service,
 * started before the file's tests and closed after them. Call it inside the describe; a beforeAll of the file's own
 * registered after it runs after it, so it can use what it started.
 */
export function useHarness(opts: { harness?: HarnessOptions | false; sandbox?: SandboxOptions | boolean } = {}): E2E {
  let browser: Browser | undefined;
  let harness: Harness | undefined;
  let sandbox: TestSandbox | undefined;
  const extra: Harness[] = [];

  beforeAll(async () => {
    // All at once, but each kept as soon as it is up, so afterAll closes what did start when another part failed.
    const started = await Promise.allSettled([
      sharedBrowser().then((b) => (browser = b)),
      opts.harness === false ? null : startHarness(opts.harness ?? {}).then((h) => (harness = h)),
      opts.sandbox ? testSandbox(opts.sandbox === true ? {} : opts.sandbox).then((s) => (sandbox = closingOnce(s))) : null,
    ]);
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  });
  afterAll(async () => {
    // The browser stays up for the worker's next file; this file's pages go.
    if (browser?.isConnected()) await closeContexts(browser);
    await harness?.close();
    for (const h of extra) await h.close();
    await sandbox?.close();
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: useHarness was not asked for it, or its beforeAll has not run`);
    return value;
  };
  const e2e: E2E = {
    get browser() {
      return need(browser, 'the browser');
    },
    get harness() {
      return need(harness, 'the harness');
    },
    get sandbox() {
      return need(sandbox, 'the sandbox');
    },
    async newPage(options = {}) {
      const page = await e2e.browser.newPage(options);
      return { page, problems: watchPage(page).problems };
    },
    async openApp(options = {}) {
      const opened = await e2e.newPage(options);
      await opened.page.goto(e2e.harness.host.url);
      return opened;
    },
    openDemo: (options = {}) => openDemo(e2e.browser, e2e.harness, options),
    async startHarness(options = {}) {
      const h = await startHarness(options);
      extra.push(h);
      return h;
    },
  };
  return e2e;
}

/**
 * useHarness, and before the file's tests (after useHarness's start) the demo started, synced, and the study
 * titled `title` found: `studyId` is its id.
 */
export function useDemoStudy(title: string): E2E & { readonly studyId: string } {
  const e2e = useHarness();
  let studyId: string | undefined;
  beforeAll(async () => {
    studyId = await demoStudy(e2e.harness, title);
  }, 120_000);
  return Object.defineProperty(e2e, 'studyId', {
    get() {
      if (studyId === undefined) throw new Error(`the demo study "${title}" is not found yet: useDemoStudy's beforeAll has not run`);
      return studyId;
    },
  }) as E2E & { readonly studyId: string };
}

/** A test may stop the service itself (to act out going offline): closing it again after the file is then a no-op. */
function closingOnce(s: TestSandbox): TestSandbox {
  const close = s.close;
  let closing: Promise<void> | undefined;
  s.close = () => (closing ??= close());
  return s;
}
