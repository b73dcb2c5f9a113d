import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * The service's participant page at a study's call_url (the service's page, not the app's). Its conversation
 * is hidden once the interview ends, and role locators skip hidden elements, so the log is found by its id.
 */
export const chatPage = (page: Page) => {
  const log = page.locator('ol#messages');
  return {
    name: page.getByLabel('Your name'),
    email: page.getByLabel(/Your email/),
    start: page.getByRole('button', { name: 'Start interview' }),
    answer: page.getByLabel('Your answer'),
    send: page.getByRole('button', { name: 'Send' }),
    log,
    /** The interviewer's messages. */
    asked: log.locator('li.ai'),
    done: page.getByRole('heading', { name: 'Thank you' }),
    doneText: page.locator('#done-text'),
  };
};

/**
 * A participant takes a chat interview at the study's call_url in the sandbox's page: name and email, then an
 * answer to whatever the interviewer asks, until the thank-you screen. Returns the interviewer's messages.
 */
export async function takeChatInterview(
  page: Page,
  callUrl: string,
  who: { name: string; email: string },
  answer: (turn: number) => string,
): Promise<string[]> {
  const chat = chatPage(page);
  await page.goto(callUrl);
  await chat.name.fill(who.name);
  await chat.email.fill(who.email);
  await chat.start.click();
  // Send is found by its id: it is hidden with the conversation once the interview ends.
  const send = page.locator('#send');
  await expect.poll(() => chat.asked.count(), { timeout: 15_000 }).toBeGreaterThan(1);
  for (let turn = 0; turn < 40; turn++) {
    // Wait for the interviewer's answer to the last message: Send is enabled again, or the interview ended.
    await expect.poll(async () => (await chat.done.isVisible()) || (await send.isEnabled()), { timeout: 15_000 }).toBe(true);
    if (await chat.done.isVisible()) break;
    const text = answer(turn);
    await chat.answer.fill(text);
    await send.click();
    await expect.poll(() => chat.log.textContent()).toContain(text);
  }
  await expect.poll(() => chat.done.isVisible(), { timeout: 15_000 }).toBe(true);
  return chat.log.locator('li.ai p').allTextContents();
}
