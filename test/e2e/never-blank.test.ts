import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import type { LogFields } from '../../src/main/logging/logger';
import type { InterviewRecord } from '../../src/shared/schemas/interview';
import { browserSkipReason, launchBrowser, shot, startHarness, type Harness } from '../support/browser';
import { demoProjectId, openDemo } from '../support/demo-operator';

const skip = browserSkipReason();
if (skip) console.warn(`e2e never-blank ${skip}`);

/**
 * An app that never goes blank: every screen, and an interview in every state the service or the cache
 * can hold, render without a page error or a console error; a view that does fail shows "This view hit a
 * problem", logs to main, and leaves the rest of the app working.
 */
describe.skipIf(skip !== null)('never blank', () => {
  let browser: Browser;
  let harness: Harness;
  let page: Page;
  let problems: string[];
  let churnId: string;
  const logged: { msg: string; fields?: LogFields }[] = [];

  const record = (id: string, name: string, over: Partial<InterviewRecord>): InterviewRecord => ({
    id,
    status: 'COMPLETE',
    completed_at: '2026-11-20T10:00:00Z',
    duration_minutes: 3,
    video_url: null,
    video_url_expires_at: null,
    thumbnail_url: null,
    participant: { name, email: null, fields: {} },
    transcript: [],
    screener: null,
    ...over,
  });

  // Interviews in the states a real service and the cache can hold, beside the demo's own.
  const STATES: { name: string; record: Partial<InterviewRecord>; says: RegExp }[] = [
    { name: 'Nell Started', record: { status: 'STARTED', completed_at: null, transcript: null }, says: /started but has not finished/ },
    { name: 'Ike Incomplete', record: { status: 'INCOMPLETE', transcript: [] }, says: /ended before the participant finished/ },
    { name: 'Una Unknownstatus', record: { status: 'unknown', transcript: [] }, says: /does not know/ },
    {
      name: 'Tia Timeless',
      record: {
        transcript: [
          { index: 0, role: 'AI', text: 'Why did you cancel?', start_ms: null, end_ms: null },
          { index: 1, role: 'User', text: 'The price went up twice.', start_ms: null, end_ms: null },
        ],
      },
      says: /time unknown/,
    },
  ];
  const idOf = (n: number) => `e2e-state-${n}`;

  beforeAll(async () => {
    harness = await startHarness({
      log: { debug: () => {}, info: () => {}, warn: () => {}, error: (msg, fields) => logged.push({ msg, ...(fields ? { fields } : {}) }) },
    });
    browser = await launchBrowser();
    ({ page, problems } = await openDemo(browser, harness, { viewport: { width: 1280, height: 800 } }));
    churnId = demoProjectId(harness, 'Meal-kit churn');
    const list = () => harness.core.call('interviews.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: churnId });
    await vi.waitFor(async () => expect((await list()).total).toBeGreaterThanOrEqual(24), { timeout: 30_000, interval: 100 });
    const cache = (await harness.core.runtimes.get(DEMO_WORKSPACE_ID)).cache;
    await cache.call('interviews.saveFullRecords', {
      projectId: churnId,
      items: STATES.map((s, n) => record(idOf(n), s.name, s.record)),
      now: new Date().toISOString(),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  /** The screen as it is, at the smallest window and a common laptop size, in both themes. */
  const shotAll = async (name: string) => {
    for (const [w, h] of [
      [1024, 700],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await shot(page, `${name}-${w}-${scheme}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
  };
  const openStudyTab = async (study: string, tab: string) => {
    await page.getByRole('navigation', { name: 'Workspace and studies' }).getByRole('button', { name: study }).click();
    await page.getByRole('tab', { name: tab, exact: true }).click();
  };
  const openInterviewNamed = async (name: string) => {
    await openStudyTab('Meal-kit churn', 'Interviews');
    await page.getByRole('searchbox').fill(name);
    await page.getByRole('row').filter({ hasText: name }).first().locator('td').nth(1).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
  };

  it("opens the demo's started and incomplete interviews, and every other state, with what there is and what is missing", async () => {
    for (const status of ['STARTED', 'INCOMPLETE'] as const) {
      const rows = await harness.core.call('interviews.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: churnId, status });
      const demoRow = rows.items.find((r) => !r.id.startsWith('e2e-'))!;
      await openInterviewNamed(demoRow.participant_name!);
      await expect.poll(() => page.locator('.viewer-meta').innerText()).toMatch(status === 'STARTED' ? /Started, not finished/ : /Incomplete/);
      await shotAll(`viewer-${status.toLowerCase()}`);
    }
    for (const s of STATES) {
      await openInterviewNamed(s.name);
      await expect.poll(() => page.locator('.viewer').innerText()).toMatch(s.says);
      expect(await page.locator('.view-error').count()).toBe(0);
    }
    // A time-unknown turn is shown as such and cannot be played from.
    await expect.poll(() => page.locator('.turn-time-unknown').count()).toBe(2);
    await shotAll('viewer-time-unknown');
    expect(problems).toEqual([]);
  }, 90_000);

  it('visits every screen and dialog without a page error or a console error', async () => {
    for (const study of ['Meal-kit churn', 'Packaging concepts', 'Onboarding interviews']) {
      for (const tab of ['Guide', 'Stimuli', 'Share', 'Interviews', 'Report']) {
        await page.getByRole('navigation', { name: 'Workspace and studies' }).getByRole('button', { name: study }).click();
        const t = page.getByRole('tab', { name: tab, exact: true });
        if ((await t.count()) === 0) continue;
        await t.click();
        await expect.poll(() => page.locator('main').innerText()).not.toBe('');
      }
    }
    await page.getByRole('button', { name: 'Studies', exact: true }).click();
    await page.getByRole('table', { name: 'Studies' }).waitFor();
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').first().waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await page.getByRole('heading', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+n');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.locator('.view-error').count()).toBe(0);
    expect(problems).toEqual([]);
  }, 90_000);

  it('a view that fails to render says so, logs to main, and the rest of the app keeps working', async () => {
    // A malformed cached record (as an older or newer version might have left it): its screener's items are not a list.
    const target = 'Tia Timeless';
    const db = new Database(join(harness.dataDir, 'workspaces', DEMO_WORKSPACE_ID, 'cache.db'));
    try {
      db.prepare('UPDATE interviews SET screener_json = ? WHERE id = ?').run(JSON.stringify({ approved: true, items: { length: 1 } }), idOf(3));
    } finally {
      db.close();
    }
    await openStudyTab('Meal-kit churn', 'Interviews');
    await page.getByRole('searchbox').fill(target);
    await page.getByRole('row').filter({ hasText: target }).first().locator('td').nth(1).click();
    const fallback = page.getByRole('alert').filter({ hasText: 'This view hit a problem' });
    await fallback.waitFor();
    await fallback.getByText('Show details').click();
    expect(await fallback.innerText()).toMatch(/is not a function|Cannot read/);
    await expect.poll(() => logged.map((l) => l.msg)).toContain('renderer view failed');
    expect(logged.find((l) => l.msg === 'renderer view failed')?.fields).toMatchObject({ view: 'the interview viewer' });
    await shotAll('view-error');
    // Reload view tries again (and fails again, honestly); the sidebar still works.
    await fallback.getByRole('button', { name: 'Reload view' }).click();
    await page.getByRole('alert').filter({ hasText: 'This view hit a problem' }).waitFor();
    await page.getByRole('button', { name: 'Studies', exact: true }).click();
    await page.getByRole('table', { name: 'Studies' }).waitFor();
    // The page error React reports for the caught failure is the one expected problem here.
    expect(problems.filter((p) => !/is not a function|Cannot read|The above error occurred/.test(p))).toEqual([]);
  }, 60_000);
});
