import { describe, expect, it } from 'vitest';
import { browserSkipReason, shot } from '../support/browser';
import { useHarness } from '../support/e2e';
import { chatPage } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e chat interview ${skip}`);

describe.skipIf(skip !== null)('a participant completes a chat interview at the call_url', () => {
  const e2e = useHarness({ harness: false, sandbox: true });

  it('by hand in Chromium; it then appears as COMPLETE in the interviews list with its transcript', async () => {
    const org = await e2e.sandbox.newOrg({ trial_credits: 5 });
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

    const { page, problems } = await e2e.newPage({ viewport: { width: 900, height: 800 } });
    const chat = chatPage(page);
    await page.goto(launched.result.call_url);
    await chat.name.fill('Ada Participant');
    await chat.email.fill('ada@example.com');
    await chat.start.click();
    await expect.poll(() => chat.log.textContent()).toContain(questions[0]!.question);

    const answers = ['I plan on Sunday evenings with a list.', 'A friend recommended one to me.', 'Mostly the convenience on busy weekdays.'];
    for (const [n, a] of answers.entries()) {
      if (n === 2) await shot(page, 'chat-interview-conversation');
      await chat.answer.fill(a);
      await chat.send.click();
      await expect.poll(() => chat.log.textContent()).toContain(a);
    }
    await expect.poll(() => chat.done.isVisible()).toBe(true);
    expect(await chat.doneText.innerText()).toBe('All done, thank you.');
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
