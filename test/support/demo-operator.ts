import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import type { InterviewDetail, InterviewRow } from '../../src/shared/views';
import { watchPage, type Harness } from './browser';

type PageOptions = NonNullable<Parameters<Browser['newPage']>[0]>;

/**
 * A new page on the app's first run, after "Try the demo", once the Studies table is up: the start most
 * demo tests share. `problems` collects the page's console errors (assert it is empty at the end).
 */
export async function openDemo(
  browser: Browser,
  h: Harness,
  options: Pick<PageOptions, 'viewport' | 'colorScheme'> = {},
): Promise<{ page: Page; problems: string[]; studies: Locator }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, ...options });
  const { problems } = watchPage(page);
  await page.goto(h.host.url);
  await page.getByRole('button', { name: 'Try the demo' }).click();
  const studies = page.getByRole('table', { name: 'Studies' });
  await studies.waitFor({ timeout: 30_000 });
  return { page, problems, studies };
}

/** Starts the demo workspace without a page (for tests that set the sandbox up before the UI opens). */
export async function startDemo(h: Harness): Promise<void> {
  const r = await h.core.dispatch('demo.start', undefined);
  if (!r.ok) throw new Error(r.error.message);
}

/**
 * Starts the demo, syncs it once, and returns the id of one of its studies, by its title, as the app lists it:
 * the set-up of the e2e files that work on the synced demo.
 */
export async function demoStudy(h: Harness, title: string): Promise<string> {
  await startDemo(h);
  await h.core.call('sync.run', { workspace_id: DEMO_WORKSPACE_ID });
  const study = (await h.core.call('projects.list', { workspace_id: DEMO_WORKSPACE_ID })).items.find((p) => p.title === title);
  if (!study) throw new Error(`the synced demo lists no study "${title}"`);
  return study.id;
}

/** A synced demo study's complete interviews, in the list's order. */
export async function completeDemoInterviews(h: Harness, studyId: string): Promise<InterviewRow[]> {
  return (await h.core.call('interviews.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: studyId, status: 'COMPLETE' })).items;
}

/** One synced demo interview, transcript and all. */
export async function demoInterview(h: Harness, interviewId: string): Promise<InterviewDetail> {
  const detail = await h.core.call('interviews.get', { workspace_id: DEMO_WORKSPACE_ID, interview_id: interviewId });
  if (!detail) throw new Error(`the demo has no interview ${interviewId}`);
  return detail;
}

/** The service id of one of the demo's seeded studies, by its title. */
export function demoProjectId(h: Harness, title: string): string {
  const p = h.core.demo.seededProjects().find((x) => x.title === title);
  if (!p) throw new Error(`no seeded demo study "${title}"`);
  return p.id;
}

export type DemoOperator = {
  baseUrl: string;
  /** Calls the demo sandbox with the demo organisation's key (service or operator routes); JSON in and out. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** Like call, for set-up: fails the test unless the service answers 2xx. */
  ok(method: string, path: string, body?: unknown): Promise<void>;
};

/** Talks to the demo's embedded sandbox as its organisation, so a test can provoke 402/409/faults. */
export async function demoOperator(h: Harness): Promise<DemoOperator> {
  // The key lives only in the core's secret store; the harness hands tests that store rather than widen the app's API.
  const key = await h.secrets.get(DEMO_WORKSPACE_ID);
  const baseUrl = h.core.demo.baseUrl;
  if (!key || !baseUrl) throw new Error('the demo workspace is not running');
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { 'x-api-key': key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
  return {
    baseUrl,
    call,
    async ok(method: string, path: string, body?: unknown) {
      const { status } = await call(method, path, body);
      expect(status >= 200 && status < 300, `${method} ${path}: ${status}`).toBe(true);
    },
  };
}

/**
 * Counts the HTTP requests the core sends (undici publishes each one on a diagnostics channel), so a
 * test can check what reached the service, not just what the UI asked for.
 */
export function countRequests(match: (method: string, path: string) => boolean): { count(): number; stop(): void } {
  let n = 0;
  const onCreate = (msg: unknown) => {
    const r = (msg as { request: { method: string; path: string } }).request;
    if (match(r.method, r.path)) n++;
  };
  subscribe('undici:request:create', onCreate);
  return { count: () => n, stop: () => unsubscribe('undici:request:create', onCreate) };
}
