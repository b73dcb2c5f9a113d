/// <reference lib="dom" />
// The page-side functions below run in Chromium (page.evaluate), hence the DOM types.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { activeTurnAt, startIndex } from '../../src/renderer/features/viewer/active-turn';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/ids';
import type { Sandbox } from '../../src/sandbox/server';
import { issueKey } from '../../src/sandbox/store/orgs';
import type { InterviewDetail, InterviewRow } from '../../src/shared/views';
import { browserSkipReason, launchBrowser, startHarness } from '../../test/support/browser';
import { ms, num } from '../lib/format';
import { summarize } from '../lib/stats';
import type { BenchContext, BenchRow } from '../lib/types';

/**
 * Row 4: the interview viewer in Chromium, on the real renderer and core (the browser test host), with
 * one 2,000-turn interview: time from navigation to the transcript on screen, turn nodes in the DOM,
 * and the active-turn lookup that runs on every timeupdate.
 */
const TURNS = 2000;
const OPENS = 7;
const GOAL_OPEN_MS = 150;
const GOAL_NODES = 300;
const GOAL_LOOKUP_MS = 1;

export async function viewer(ctx: BenchContext): Promise<BenchRow> {
  await ctx.phase('build the renderer (npm run build)', async () => {
    const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ctx.root, stdio: 'ignore' });
    if (r.status !== 0) throw new Error('npm run build failed; run it by hand to see why.');
  });
  const skip = browserSkipReason();
  if (skip) throw new Error(skip);
  const harness = await startHarness();
  const browser = await launchBrowser();
  try {
    const { detail, row } = await ctx.phase(`viewer: demo study with a ${num(TURNS)}-turn interview`, () => seed2000(harness));
    const page = await browser.newPage({ viewport: { width: 1360, height: 840 } });
    // tsx compiles this file with keepNames, so functions sent to the page call a __name helper.
    await page.addInitScript('globalThis.__name = (f) => f;');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(harness.host.url);
    await page.getByRole('table', { name: 'Studies' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Meal-kit churn', exact: true }).first().click();
    await page.getByRole('tab', { name: 'Interviews', exact: true }).click();
    const opener = page
      .getByRole('table', { name: 'Interviews' })
      .getByRole('row', { name: new RegExp(escapeRe(row.participant_name ?? row.id)) })
      .first();

    const opens = await ctx.phase(`viewer: open the interview ${OPENS} times`, async () => {
      const times: number[] = [];
      for (let i = 0; i < OPENS; i++) {
        await opener.waitFor();
        times.push(await opener.evaluate(openAndWaitForTranscript));
        await page.getByRole('button', { name: '← Back' }).click();
      }
      return times;
    });
    await opener.click();
    await page.locator('[data-turn]').first().waitFor();
    const nodes = await ctx.phase('viewer: turn nodes while scrolling', () => page.evaluate(countWhileScrolling));
    // What the middle of the long transcript looked like, for a look with --keep.
    await page.locator('.transcript-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
    await page.screenshot({ path: join(ctx.runDir, 'viewer-2000-turns.png') });
    const lookup = await ctx.phase('viewer: active-turn lookups in the page', () =>
      lookupInPage(
        page,
        detail.transcript.map((t) => t.start_ms ?? 0),
      ),
    );
    const inNode = lookupInNode(detail.transcript.map((t) => t.start_ms ?? 0));
    if (errors.length) ctx.say(`page errors: ${errors.join('; ')}`);
    const warm = summarize(opens.slice(1));
    const maxNodes = Math.max(...nodes.map((n) => n.nodes));
    return {
      id: '4',
      what: `Interview viewer, ${num(detail.transcript.length)}-turn interview (Chromium, test host)`,
      value: [
        `open → transcript visible: median ${ms(warm.p50)}, max ${ms(warm.max)} (first ${ms(opens[0]!)})`,
        `turn nodes in the DOM: max ${maxNodes}`,
        `active-turn lookup: ${us(lookup.mean)} mean, worst batch ${us(lookup.worst)}`,
      ],
      baselines: [`${num(detail.transcript.length)} turns if all were rendered`],
      ratio: [`${((maxNodes / detail.transcript.length) * 100).toFixed(1)} % of the turns in the DOM`],
      goals: [
        { text: `open ≤ ${GOAL_OPEN_MS} ms`, pass: warm.p50 <= GOAL_OPEN_MS },
        { text: `turn nodes ≤ ~${GOAL_NODES}`, pass: maxNodes <= GOAL_NODES },
        { text: `lookup ≤ ${GOAL_LOOKUP_MS} ms per timeupdate`, pass: lookup.worst <= GOAL_LOOKUP_MS },
      ],
      notes: [
        `Open: from the click on the interview to the first frame after the transcript's rows are in the DOM, ${OPENS} opens (Back in between); the median and max leave out the first, cold open. It includes reading the interview from the cache (${num(detail.transcript.length)} turns) through the test host's HTTP bridge, where Electron uses IPC. All opens: ${opens.map((t) => ms(t)).join(', ')}.`,
        `Turn nodes at the top, middle and end of the transcript: ${nodes.map((n) => `${n.where} ${n.nodes}`).join(', ')}.`,
        `Lookup: the viewer's binary search (activeTurnAt) over the interview's start times, run in the page on ${num(lookup.lookups)} random playhead times in batches of ${num(lookup.batch)}; worst batch is the slowest batch's time per lookup. In Node: ${us(inNode)} per lookup.`,
      ],
    };
  } finally {
    await browser.close();
    await harness.close();
  }
}

const us = (msValue: number) => `${(msValue * 1000).toFixed(2)} µs`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function seed2000(harness: Awaited<ReturnType<typeof startHarness>>): Promise<{ detail: InterviewDetail; row: InterviewRow }> {
  const dispatch = async <T>(channel: string, input: unknown): Promise<T> => {
    const r = await harness.core.dispatch(channel, input);
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
    return r.value as T;
  };
  await dispatch('demo.start', undefined);
  const projects = (await dispatch<{ items: { id: string; title: string }[] }>('projects.list', { workspace_id: DEMO_WORKSPACE_ID })).items;
  const churn = projects.find((p) => p.title === 'Meal-kit churn');
  if (!churn) throw new Error('The demo has no "Meal-kit churn" study.');
  // The demo's sandbox runs in this process; an operator key of its organisation simulates the interview.
  const sandbox = (harness.core.demo as unknown as { sandbox: Sandbox }).sandbox;
  const org = (sandbox.context.db.prepare('SELECT id FROM organisations LIMIT 1').get() as { id: string }).id;
  const key = issueKey(sandbox.context.db, org, new Date().toISOString());
  const res = await fetch(`${sandbox.baseUrl}/_sandbox/projects/${churn.id}/simulate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ completed: 1, transcript_turns: TURNS }),
  });
  if (!res.ok) throw new Error(`simulate answered ${res.status}: ${await res.text()}`);
  await dispatch('sync.run', { workspace_id: DEMO_WORKSPACE_ID });
  const rows = (await dispatch<{ items: InterviewRow[] }>('interviews.list', { workspace_id: DEMO_WORKSPACE_ID, project_id: churn.id, limit: 500 })).items;
  const row = rows.find((r) => r.turn_count >= TURNS);
  if (!row) throw new Error(`No ${TURNS}-turn interview after the sync.`);
  const detail = await dispatch<InterviewDetail>('interviews.get', { workspace_id: DEMO_WORKSPACE_ID, interview_id: row.id });
  return { detail, row };
}

/** In the page: click, then wait for the transcript's rows and the frame that paints them. */
function openAndWaitForTranscript(el: Element): Promise<number> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    (el as HTMLElement).click();
    const check = () => {
      if (document.querySelector('[data-turn]')) requestAnimationFrame(() => resolve(performance.now() - t0));
      else requestAnimationFrame(check);
    };
    check();
  });
}

/** In the page: the turn nodes in the DOM at the top, middle and end of the transcript. */
async function countWhileScrolling(): Promise<{ where: string; nodes: number }[]> {
  const box = document.querySelector<HTMLElement>('.transcript-scroll')!;
  const frames = () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
  const out: { where: string; nodes: number }[] = [];
  for (const [where, f] of [
    ['top', 0],
    ['middle', 0.5],
    ['end', 1],
  ] as const) {
    box.scrollTop = f * (box.scrollHeight - box.clientHeight);
    await frames();
    await frames();
    out.push({ where, nodes: document.querySelectorAll('[data-turn]').length });
  }
  return out;
}

async function lookupInPage(page: Page, starts: number[]): Promise<{ mean: number; worst: number; lookups: number; batch: number }> {
  // The viewer's own function, sent as source: the page has no handle on the bundle's modules.
  const script = `(() => {
    const startIndex = ${startIndex.toString()};
    const activeTurnAt = ${activeTurnAt.toString()};
    const index = startIndex(${JSON.stringify(starts.map((s) => ({ start_ms: s })))});
    const end = index[index.length - 1] + 5000;
    const batch = 10000, batches = 20;
    let sink = 0, worst = 0, total = 0;
    for (let b = 0; b < batches; b++) {
      const times = Array.from({ length: batch }, () => Math.random() * end);
      const t0 = performance.now();
      for (const t of times) sink += activeTurnAt(index, t);
      const per = (performance.now() - t0) / batch;
      worst = Math.max(worst, per);
      total += per;
    }
    return { mean: total / batches, worst, lookups: batch * batches, batch, sink };
  })()`;
  const r = (await page.evaluate(script)) as { mean: number; worst: number; lookups: number; batch: number };
  return r;
}

function lookupInNode(starts: number[]): number {
  const index = startIndex(starts.map((s) => ({ start_ms: s })));
  const end = index[index.length - 1]! + 5000;
  const n = 200_000;
  const times = Array.from({ length: n }, () => Math.random() * end);
  let sink = 0;
  const t0 = performance.now();
  for (const t of times) sink += activeTurnAt(index, t);
  const per = (performance.now() - t0) / n;
  return sink >= 0 ? per : per;
}
