import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import type { LogFields } from '../../src/main/logging/logger';
import type { InterviewRecord } from '../../src/shared/schemas/interview';
import { browserSkipReason, shotEverySize, type Harness } from '../support/browser';
import { demoProjectId } from '../support/demo-operator';
import { useHarness } from '../support/e2e';
import { app, openStudyTab, type App } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e never-blank ${skip}`);

/**
 * An app that never goes blank: every screen, and an interview in every state the service or the cache
 * can hold, render without a page error or a console error; a view that does fail shows "This view hit a
 * problem", logs to main, and leaves the rest of the app working.
 */
describe.skipIf(skip !== null)('never blank', () => {
  const logged: { msg: string; fields?: LogFields }[] = [];
  const e2e = useHarness({
    harness: { log: { debug: () => {}, info: () => {}, warn: () => {}, error: (msg, fields) => logged.push({ msg, ...(fields ? { fields } : {}) }) } },
  });
  let harness: Harness;
  let page: Page;
  let problems: string[];
  let ui: App;
  let churnId: string;

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
    harness = e2e.harness;
    ({ page, problems } = await e2e.openDemo({ viewport: { width: 1280, height: 800 } }));
    ui = app(page);
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

  /** The screen as it is, at the smallest window and a common laptop size, in both themes. */
  const shotAll = async (name: string) => {
    await shotEverySize(page, name);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
  };
  /** Finds an interview by its participant's name in the Interviews tab and clicks its name cell. */
  const clickInterviewNamed = async (name: string) => {
    await openStudyTab(page, 'Meal-kit churn', 'Interviews');
    await ui.interviews.search.fill(name);
    await ui.interviews.row(name).getByRole('cell').nth(1).click();
  };
  const openInterviewNamed = async (name: string) => {
    await clickInterviewNamed(name);
    await ui.viewer.heading(name).waitFor();
  };

  it("opens the demo's started and incomplete interviews, and every other state, with what there is and what is missing", async () => {
    for (const status of ['STARTED', 'INCOMPLETE'] as const) {
      const rows = await harness.core.call('interviews.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: churnId, status });
      const demoRow = rows.items.find((r) => !r.id.startsWith('e2e-'))!;
      await openInterviewNamed(demoRow.participant_name!);
      await expect.poll(() => ui.viewer.stateNotes.innerText()).toMatch(status === 'STARTED' ? /Started, not finished/ : /Incomplete/);
      await shotAll(`viewer-${status.toLowerCase()}`);
    }
    for (const s of STATES) {
      await openInterviewNamed(s.name);
      await expect.poll(() => ui.viewer.region(s.name).innerText()).toMatch(s.says);
      expect(await ui.viewFailed.count()).toBe(0);
    }
    // A time-unknown turn is shown as such and cannot be played from; the header says why.
    await expect.poll(() => ui.viewer.timeUnknown.count()).toBe(2);
    expect(await ui.viewer.stateNotes.innerText()).toMatch(/Times unknown.*cannot follow or seek the video/s);
    await shotAll('viewer-time-unknown');
    expect(problems).toEqual([]);
  }, 90_000);

  it('visits every screen and dialog without a page error or a console error', async () => {
    for (const study of ['Meal-kit churn', 'Packaging concepts', 'Onboarding interviews']) {
      for (const tab of ['Guide', 'Stimuli', 'Share', 'Interviews', 'Report', 'Analysis']) {
        await ui.sidebar.openStudy(study);
        const t = ui.study.tab(tab);
        if ((await t.count()) === 0) continue;
        await t.click();
        await expect.poll(() => ui.main.innerText()).not.toBe('');
      }
    }
    await ui.sidebar.openStudies();
    await page.keyboard.press('Control+k');
    await ui.palette.dialog.waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await ui.shortcuts.heading.waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+n');
    await ui.title.waitFor();
    await ui.settings.open();
    expect(await ui.viewFailed.count()).toBe(0);
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
    await clickInterviewNamed(target);
    const fallback = ui.viewFailed;
    await fallback.waitFor();
    await fallback.getByText('Show details').click();
    expect(await fallback.innerText()).toMatch(/is not a function|Cannot read/);
    await expect.poll(() => logged.map((l) => l.msg)).toContain('renderer view failed');
    expect(logged.find((l) => l.msg === 'renderer view failed')?.fields).toMatchObject({ view: 'the interview viewer' });
    await shotAll('view-error');
    // Reload view tries again (and fails again, honestly); the sidebar still works.
    await fallback.getByRole('button', { name: 'Reload view' }).click();
    await ui.viewFailed.waitFor();
    await ui.sidebar.openStudies();
    // The page error React reports for the caught failure is the one expected problem here.
    expect(problems.filter((p) => !/is not a function|Cannot read|The above error occurred/.test(p))).toEqual([]);
  }, 60_000);
});
