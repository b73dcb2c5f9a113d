import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scriptsJson } from '../../../scripts/sample-media/write-scripts';
import { FOLLOW_UPS } from '../../../src/sandbox/domain/answers/bank/common';
import { SentenceUse, topicFor, writeInterview } from '../../../src/sandbox/domain/answers';
import { INTERVIEWER_VOICE, PLAIN_NAMES, personAt } from '../../../src/sandbox/domain/names';
import { sentences } from '../../../src/sandbox/domain/text';
import { CHURN_QUESTIONS, DEMO_SIMULATIONS } from '../../../src/sandbox/seed/demo';
import { demoGuide, demoScripts, type DemoScript } from '../../../src/sandbox/seed/demo-scripts';

const scripts = demoScripts();
const said = (s: DemoScript) => s.turns.filter((t) => t.role === 'User').map((t) => t.text);
const wordCount = (text: string) => text.split(/\s+/).length;
const guideAsked = (s: DemoScript) => s.turns.filter((t) => t.role === 'AI' && !(FOLLOW_UPS as readonly string[]).includes(t.text)).map((t) => t.text);

describe('the demo interviews (one per recording)', () => {
  it('are one per completed or incomplete demo interview, with the same result every run', () => {
    for (const topic of ['churn', 'packaging'] as const) {
      const mine = scripts.filter((s) => s.topic === topic);
      expect(mine.filter((s) => s.status === 'COMPLETE')).toHaveLength(DEMO_SIMULATIONS[topic].completed);
      expect(mine.filter((s) => s.status === 'INCOMPLETE')).toHaveLength(DEMO_SIMULATIONS[topic].incomplete);
    }
    expect(new Set(scripts.map((s) => s.id)).size).toBe(scripts.length);
    expect(demoScripts()).toEqual(scripts);
  });

  it('are each with a different person: distinct names and distinct voices, none the interviewer', () => {
    const names = scripts.map((s) => s.person.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    const voices = scripts.map((s) => s.voice.voice);
    expect(new Set(voices).size).toBe(voices.length);
    expect(voices).not.toContain(INTERVIEWER_VOICE.voice);
  });

  it('say no participant sentence in more than three interviews', () => {
    const where = new Map<string, Set<string>>();
    for (const s of scripts)
      for (const text of said(s)) for (const sentence of sentences(text)) (where.get(sentence) ?? where.set(sentence, new Set()).get(sentence)!).add(s.id);
    const overused = [...where.entries()].filter(([, ids]) => ids.size > 3).map(([sentence, ids]) => `${ids.size}× ${sentence}`);
    expect(overused).toEqual([]);
    // Not vacuous: the interviews have a lot to say, and no two say the same thing.
    expect(where.size).toBeGreaterThan(250);
    expect(new Set(scripts.map((s) => said(s).join(' '))).size).toBe(scripts.length);
  });

  it('give answers of every length, from a few words to several sentences', () => {
    const answers = scripts.flatMap(said);
    const counts = answers.map(wordCount);
    const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
    const sd = Math.sqrt(counts.reduce((a, b) => a + (b - mean) ** 2, 0) / counts.length);
    expect(Math.min(...counts)).toBeLessThanOrEqual(3);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(35);
    expect(sd / mean).toBeGreaterThan(0.5);
    expect(answers.filter((a) => sentences(a).length === 1).length).toBeGreaterThan(answers.length / 5);
    expect(answers.filter((a) => sentences(a).length >= 3).length).toBeGreaterThan(answers.length / 10);
    // Whole interviews differ too: some people say little, some a lot.
    const perInterview = scripts
      .filter((s) => s.status === 'COMPLETE')
      .map((s) =>
        said(s)
          .map(wordCount)
          .reduce((a, b) => a + b, 0),
      );
    expect(Math.max(...perInterview)).toBeGreaterThan(3 * Math.min(...perInterview));
  });

  it('ask the study guide word for word and in order; the interviewer probes now and then', () => {
    expect(demoGuide('churn').map((q) => q.question)).toEqual(CHURN_QUESTIONS.map((q) => q.question));
    for (const s of scripts) {
      const guide = demoGuide(s.topic).map((q) => q.question);
      const asked = guideAsked(s);
      if (s.status === 'COMPLETE') expect(asked, s.id).toEqual(guide);
      else {
        // Left part-way: a question or more answered, and the last one asked never answered.
        expect(asked.length, s.id).toBeGreaterThanOrEqual(2);
        expect(asked.length, s.id).toBeLessThan(guide.length);
        expect(asked, s.id).toEqual(guide.slice(0, asked.length));
        expect(s.turns.at(-1)!.role, s.id).toBe('AI');
      }
      s.turns.forEach((t, i) => expect(t.role, `${s.id} turn ${i}`).toBe(i % 2 === 0 ? 'AI' : 'User'));
    }
    const probes = scripts.flatMap((s) => s.turns.filter((t) => t.role === 'AI' && (FOLLOW_UPS as readonly string[]).includes(t.text)));
    expect(probes.length).toBeGreaterThan(scripts.length / 2);
    expect(new Set(probes.map((t) => t.text)).size).toBeGreaterThan(6);
  });

  it('churn interviews give different reasons for leaving; packaging ones prefer different concepts', () => {
    const titles = (topic: string) => new Set(scripts.filter((s) => s.topic === topic).map((s) => s.title));
    expect(titles('churn').size).toBeGreaterThan(12);
    for (const reason of ['price', 'skipping weeks', 'late deliveries', 'packaging waste', 'repetitive recipes'])
      expect(
        [...titles('churn')].some((t) => t.includes(reason)),
        reason,
      ).toBe(true);
    for (const concept of ['the kraft box', 'the compostable pouch', 'the reusable crate'])
      expect(
        [...titles('packaging')].some((t) => t.endsWith(concept)),
        concept,
      ).toBe(true);
  });

  it('are what the sample videos say: scripts/sample-media/scripts.json is current', () => {
    const committed = readFileSync(new URL('../../../scripts/sample-media/scripts.json', import.meta.url), 'utf8');
    expect(committed === scriptsJson(), 'run scripts/generate-sample-media.sh').toBe(true);
  });
});

describe('writeInterview for any study', () => {
  const questions = [
    { question: 'How do you shop for groceries?', probing_level: 'low' as const },
    { question: 'What made you cancel your meal-kit subscription?', probing_level: 'high' as const },
    { question: 'How did the cost compare with the value?', probing_level: 'medium' as const },
  ];

  it("asks the study's own questions, and answers them in the topic's words", () => {
    const use = new SentenceUse();
    const s = writeInterview({ topic: 'churn', questions, status: 'COMPLETE', index: 0, seed: 'x', use });
    expect(s.turns.filter((t) => t.role === 'AI' && !(FOLLOW_UPS as readonly string[]).includes(t.text)).map((t) => t.text)).toEqual(
      questions.map((q) => q.question),
    );
    const price = s.turns[s.turns.findIndex((t) => t.text === questions[2]!.question) + 1]!;
    expect(price.role).toBe('User');
    expect(price.text).toMatch(/price|cost|money|value|expensive|worth|cheap|pay|discount|offer/i);
  });

  it('spreads a study over the least-said sentences, so a thousand interviews all differ', () => {
    const use = new SentenceUse();
    const all = Array.from({ length: 1000 }, (_, k) => writeInterview({ topic: 'churn', questions, status: 'COMPLETE', index: k, seed: `s:${k}`, use }));
    expect(new Set(all.map((s) => JSON.stringify(s.turns))).size).toBe(1000);
  });

  it('knows a study by its words', () => {
    expect(topicFor('Packaging concepts. Take a look at "Concept B: compostable pouch". What is your first impression?')).toBe('packaging');
    expect(topicFor('Meal-kit churn. Why did you cancel? How did the price feel?')).toBe('churn');
  });
});

describe('personAt', () => {
  it('never gives the same name twice, also once first and last names run out', () => {
    const seen = new Set<string>();
    for (let i = 0; i < PLAIN_NAMES * 3; i++) seen.add(personAt(i).name);
    expect(seen.size).toBe(PLAIN_NAMES * 3);
    expect(personAt(0).name).not.toBe(personAt(PLAIN_NAMES).name);
    expect(personAt(PLAIN_NAMES).name).toMatch(/^\S+ [A-Z]\. \S+$/);
    expect(personAt(PLAIN_NAMES * 27).name).toMatch(/^\S+ [A-Z]\. [A-Z]\. \S+$/);
  });
});
