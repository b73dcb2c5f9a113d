import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/main/api/client';
import { failure, manualClock, projectBody, testSandbox, type Org, type TestSandbox } from '../support/sandbox';

const clock = manualClock();
let sb: TestSandbox;
let org: Org;
beforeAll(async () => {
  sb = await testSandbox({ clock, reportDurationMs: 90_000 });
  org = await sb.newOrg({ trial_credits: 100 });
});
afterAll(() => sb.close());

async function launchedProject(completed: number) {
  const { id } = await org.client.createProject(
    projectBody({
      title: 'Meal-kit churn',
      questions: [
        { question: 'What made you decide to pause or cancel your meal-kit subscription?', probing_level: 'high' },
        { question: 'How did the price feel compared with what you got each week?', probing_level: 'medium' },
      ],
    }),
  );
  await org.client.launchProject(id, 50);
  if (completed > 0) await org.operator('POST', `/_sandbox/projects/${id}/simulate`, { completed, incomplete: 2 });
  return id;
}

describe('reports', () => {
  it('needs at least one completed interview: 422 no_completed_interviews', async () => {
    const id = await launchedProject(0);
    expect(await failure(org.client.startReport(id))).toMatchObject({ status: 422, code: 'no_completed_interviews' });
  });

  it('before any report, GET answers 404 report_not_found', async () => {
    const id = await launchedProject(1);
    expect(await failure(org.client.getReport(id))).toMatchObject({ status: 404, code: 'report_not_found' });
  });

  it('generates asynchronously; themes come from the actual transcripts', async () => {
    const id = await launchedProject(12);
    const started = await org.client.startReport(id);
    expect(started).toMatchObject({ project_id: id, status: 'PROCESSING' });
    expect((await org.client.getReport(id)).status).toBe('PROCESSING');
    clock.advance(90_000);
    const report = await org.client.getReport(id);
    expect(report).toMatchObject({ report_id: started.report_id, status: 'COMPLETED', interviews_analysed: 12 });
    expect(report.summary).toContain('12 completed interviews');
    expect(Date.parse(report.generated_at!)).not.toBeNaN();
    expect(report.themes.length).toBeGreaterThanOrEqual(3);
    const frequencies = report.themes.map((t) => t.frequency);
    expect([...frequencies].sort((a, b) => b - a)).toEqual(frequencies);

    // Every quote is a verbatim participant sentence, and frequency is the share of interviews that say it.
    const records = [];
    for await (const page of org.client.walkInterviews(id, { transcripts: true })) records.push(...page.items.filter((i) => i.status === 'COMPLETE'));
    const participantText = records.map((r) =>
      (r.transcript ?? [])
        .filter((t) => t.role === 'User')
        .map((t) => t.text)
        .join(' '),
    );
    for (const theme of report.themes) {
      expect(theme.quotes.length).toBeGreaterThan(0);
      for (const q of theme.quotes) expect(participantText.some((t) => t.includes(q))).toBe(true);
      const n = Number(/^(\d+) of 12/.exec(theme.summary)?.[1]);
      expect(theme.frequency).toBeCloseTo(n / 12, 2);
    }
    const price = report.themes.find((t) => t.title === 'Price versus value');
    expect(price).toBeTruthy();
    // The words the sandbox's report counts as price (src/sandbox/domain/concepts.ts), as whole words.
    const priceWords = /\b(price|prices|pricey|expensive|costs?|costly|value|worth|money|cheap|cheaper|afford|affordable|discounts?|pay|paid|paying)\b/i;
    const mentioning = participantText.filter((t) => priceWords.test(t)).length;
    expect(price!.frequency).toBeCloseTo(mentioning / 12, 2);
  });

  it('a new POST replaces the previous report; FAILED is reachable', async () => {
    const id = await launchedProject(3);
    const first = await org.client.startReport(id);
    clock.advance(90_000);
    expect((await org.client.getReport(id)).status).toBe('COMPLETED');
    await org.operator('PUT', '/_sandbox/faults', { report_failure_rate: 1 });
    const second = await org.client.startReport(id);
    expect(second.report_id).not.toBe(first.report_id);
    expect((await org.client.getReport(id)).status).toBe('PROCESSING');
    clock.advance(90_000);
    const failed = await org.client.getReport(id);
    expect(failed).toMatchObject({ report_id: second.report_id, status: 'FAILED', themes: [] });
    await org.operator('PUT', '/_sandbox/faults', {});
  });

  it('a report in flight finishes after a sandbox restart', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fw-sbx-')), 'state.db');
    const c = manualClock();
    const one = await testSandbox({ dataFile: file, clock: c, reportDurationMs: 5_000 });
    const o = await one.newOrg({ trial_credits: 5 });
    const { id } = await o.client.createProject(projectBody());
    await o.client.launchProject(id, 2);
    await o.operator('POST', `/_sandbox/projects/${id}/simulate`, { completed: 2 });
    await o.client.startReport(id);
    await one.close();
    c.advance(5_000);
    const two = await testSandbox({ dataFile: file, clock: c });
    try {
      const again = createApiClient({ baseUrl: two.baseUrl, apiKey: () => o.apiKey });
      expect((await again.getReport(id)).status).toBe('COMPLETED');
      expect((await again.listProjects()).map((p) => p.id)).toContain(id);
      await again.close();
    } finally {
      await two.close();
    }
  });
});
