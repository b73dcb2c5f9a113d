import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, launchBrowser, shot, watchPage } from '../support/browser';
import { testSandbox, type TestSandbox } from '../support/sandbox';

const skip = browserSkipReason();
if (skip) console.warn(`e2e chat interview ${skip}`);

describe.skipIf(skip !== null)('a participant completes a chat interview at the call_url', () => {
  let browser: Browser;
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await testSandbox();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await sb?.close();
  });

  it('by hand in Chromium; it then appears as COMPLETE in the interviews list with its transcript', async () => {
    const org = await sb.newOrg({ trial_credits: 5 });
    const questions = [
      { question: 'How do you plan your meals each week?', probing_level: 'low' as const },
      { question: 'What made you try a meal kit?', probing_level: 'medium' as const },
    ];
    const { id } = await org.client.createProject({
      title: 'Meal planning',
      intro_message: 'Hello! Thanks for taking part.',
      end_message: 'All done, thank you.',
      questions,
      languages: [{ language_name: 'English', accent: 'en-GB' }],
      interaction_modes: ['chat'],
    });
    const launched = await org.client.launchProject(id, 3);
    if (launched.kind !== 'launched') throw new Error('launch failed');

    const page = await browser.newPage({ viewport: { width: 900, height: 800 } });
    const { problems } = watchPage(page);
    await page.goto(launched.result.call_url);
    await page.getByLabel('Your name').fill('Ada Participant');
    await page.getByLabel(/Your email/).fill('ada@example.com');
    await page.getByRole('button', { name: 'Start interview' }).click();
    // The conversation is hidden once the interview ends, and role locators skip hidden elements.
    const log = page.locator('ol#messages');
    await expect.poll(() => log.textContent()).toContain(questions[0]!.question);

    const answers = ['I plan on Sunday evenings with a list.', 'A friend recommended one to me.', 'Mostly the convenience on busy weekdays.'];
    for (const [n, a] of answers.entries()) {
      if (n === 2) await shot(page, 'chat-interview-conversation');
      await page.getByLabel('Your answer').fill(a);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => log.textContent()).toContain(a);
    }
    await expect.poll(() => page.getByRole('heading', { name: 'Thank you' }).isVisible()).toBe(true);
    expect(await page.locator('#done-text').innerText()).toBe('All done, thank you.');
    await shot(page, 'chat-interview-done');
    expect(problems).toEqual([]);

    const list = await org.client.listInterviews(id, { transcripts: true });
    expect(list.total).toBe(1);
    const record = list.items[0]!;
    expect(record).toMatchObject({ status: 'COMPLETE', participant: { name: 'Ada Participant', email: 'ada@example.com' } });
    const text = record.transcript!.map((t) => `${t.role}: ${t.text}`);
    expect(text).toEqual([
      'AI: Hello! Thanks for taking part.',
      `AI: ${questions[0]!.question}`,
      `User: ${answers[0]}`,
      `AI: ${questions[1]!.question}`,
      `User: ${answers[1]}`,
      expect.stringMatching(/^AI: (Could you tell me more about|Why does) /),
      `User: ${answers[2]}`,
      'AI: All done, thank you.',
    ]);
    const projects = await org.client.listProjects();
    expect(projects.find((p) => p.id === id)?.recruiting?.completed_participants).toBe(1);
  });
});
