// The scorer of the redaction evaluation (test/support/redaction-eval.ts) judges what leaves the building: these
// tests feed it redactions whose right score is known (nothing replaced, exactly the labels replaced, only the
// surname of a full name, every capitalised word) and check it can fail as well as pass, and that the real
// export path it measures is the one exports use.
import { describe, expect, it } from 'vitest';
import { exportRedaction, precision, redactEach, scoreRedaction, survivingWords, type StudyRedaction } from '../../../support/redaction-eval';
import { loadEvalSet, parseStudy, type EvalStudy, type Positive } from '../../../support/redaction-eval-set';

const set = loadEvalSet();
const positives = set.flatMap((s) => s.interviews.flatMap((iv) => iv.turns.flatMap((t) => t.spans)));
const negatives = set.flatMap((s) => s.interviews.flatMap((iv) => iv.turns.flatMap((t) => t.negatives)));

/** Each turn with the given labelled spans replaced by "[X]" (what a perfect, or a deliberately partial, redactor writes). */
function replacing(studies: readonly EvalStudy[], pick: (p: Positive) => { start: number; end: number } | null): Map<string, StudyRedaction> {
  return new Map(
    studies.map((st) => [
      st.id,
      {
        turns: new Map(
          st.interviews.map((iv) => [
            iv.id,
            iv.turns.map((t) => {
              let out = t.text;
              const cuts = t.spans.map(pick).filter((c) => c !== null);
              for (const c of cuts.sort((a, b) => b.start - a.start)) out = `${out.slice(0, c.start)}[X]${out.slice(c.end)}`;
              return out;
            }),
          ]),
        ),
      },
    ]),
  );
}

describe('the redaction evaluation scorer', () => {
  it('finds which words of a turn survive its redaction, in their place', () => {
    const s = survivingWords('Thandiwe Dlamini said Thandiwe was late', '[Person A] said Thandiwe was late');
    expect(s.words.map((w) => w.w)).toEqual(['Thandiwe', 'Dlamini', 'said', 'Thandiwe', 'was', 'late']);
    expect(s.kept).toEqual([false, false, true, true, true, true]);
    // The same word replaced in one place and kept in another is told apart by the words around it.
    expect(survivingWords('Florence in Florence with Florence', 'Florence in [Person B] with Florence').kept).toEqual([true, true, false, true, true]);
  });

  it('scores a redactor that replaces nothing at 0 recall and no false alarms', () => {
    const score = scoreRedaction(
      set,
      redactEach(set, (s) => s),
    );
    expect(score.all).toEqual({ total: positives.length, found: 0, partial: 0 });
    expect(score.names.found).toBe(0);
    expect(score.propagation.found).toBe(0);
    expect(score.contacts.found).toBe(0);
    expect(score.negatives).toEqual({ total: negatives.length, flagged: 0 });
    expect(score.replacedWords).toEqual({ positive: 0, negative: 0, unlabelled: 0 });
    expect(score.misses).toHaveLength(positives.length);
  });

  it('scores a redactor that replaces exactly the labels at full recall, no partials and no false alarms', () => {
    const score = scoreRedaction(
      set,
      replacing(set, (p) => p),
    );
    expect(score.all).toEqual({ total: positives.length, found: positives.length, partial: 0 });
    for (const [form, t] of score.byForm) expect(t.found, form).toBe(t.total);
    for (const [culture, t] of score.byCulture) expect(t.found, culture).toBe(t.total);
    expect(score.negatives.flagged).toBe(0);
    expect(precision(score)).toBe(1);
    expect(score.propagation.total).toBeGreaterThan(50);
    expect(score.propagation.found).toBe(score.propagation.total);
    expect(score.replacedWords.unlabelled).toBe(0);
  });

  it('counts a full name with only its surname replaced as a miss and a partial', () => {
    const full = positives.filter((p) => p.form === 'full');
    const score = scoreRedaction(
      set,
      replacing(set, (p) => (p.form === 'full' ? { start: p.start + p.text.lastIndexOf(' ') + 1, end: p.end } : p)),
    );
    expect(score.byForm.get('full')).toEqual({ total: full.length, found: 0, partial: full.length });
    expect(score.names.partial).toBe(full.length);
    expect(score.names.found).toBe(score.names.total - full.length);
    expect(score.misses.filter((m) => m.partial)).toHaveLength(full.length);
  });

  it('counts every replaced brand, place and dish of a redactor that replaces every capitalised word as a false alarm', () => {
    const score = scoreRedaction(
      set,
      redactEach(set, (s) => s.replace(/\p{Lu}[\p{L}\p{M}'-]*/gu, '[X]')),
    );
    const capitalised = negatives.filter((n) => /\p{Lu}/u.test(n.text));
    expect(score.negatives.flagged).toBe(capitalised.length);
    expect(score.byCategory.get('brand')!.flagged).toBe(score.byCategory.get('brand')!.total);
    // Lowercase mentions stay, whole: not found, and not partial either.
    expect(score.byForm.get('lowercase')!.found).toBe(0);
    expect(score.falseAlarms.length).toBe(score.negatives.flagged);
    expect(precision(score)).toBeLessThan(1);
    expect(score.replacedWords.unlabelled).toBeGreaterThan(0);
  });

  it("counts the participant's name or email left in the exported record as a miss", () => {
    const study = set[0]!;
    const redaction = (record: (name: string, email: string) => string): Map<string, StudyRedaction> =>
      new Map([
        [
          study.id,
          {
            turns: new Map(study.interviews.map((iv) => [iv.id, iv.turns.map((t) => t.text)])),
            participantRecord: new Map(study.interviews.map((iv) => [iv.id, record(iv.participant.name, iv.participant.email)])),
          },
        ],
      ]);
    const n = study.interviews.length;
    expect(
      scoreRedaction(
        [study],
        redaction(() => '{"name":"Participant 01","email":null}'),
      ).participantRecord,
    ).toEqual({ total: 2 * n, found: 2 * n, partial: 0 });
    expect(
      scoreRedaction(
        [study],
        redaction((name, email) => JSON.stringify({ name, email })),
      ).participantRecord,
    ).toEqual({ total: 2 * n, found: 0, partial: 0 });
    // The first name kept, the rest gone: every name is partial (and an email holding that first name too).
    const kept = scoreRedaction(
      [study],
      redaction((name) => JSON.stringify({ name: name.split(' ')[0] })),
    ).participantRecord;
    expect(kept.partial).toBeGreaterThanOrEqual(n);
    expect(kept.found + kept.partial).toBe(2 * n);
  });

  it('refuses a redaction that lacks a study or a turn rather than score it', () => {
    expect(() => scoreRedaction(set, new Map())).toThrow(/No redaction of study/);
    const short = redactEach(set, (s) => s);
    const first = set[0]!;
    (short.get(first.id)!.turns as Map<string, string[]>).set(first.interviews[0]!.id, []);
    expect(() => scoreRedaction(set, short)).toThrow(/turns, not/);
  });

  it('measures the real export: a study seeded into a cache, scanned and redacted as an export writes it', async () => {
    const study = parseStudy(
      [
        'study: t-1 | Test',
        'interview: t-iv1 | Amara Okafor | amara@example.com',
        'AI: Hello, what did you think of {{Tesco|brand}}?',
        'P: I am [[Amara|participant]], write to [[amara@example.com|participant]] or [[j.baptiste@example.org|email]], and my sister [[Joan Baptiste|full|Anglo]] agrees.',
        'interview: t-iv2 | Kwame Mensah | kwame@example.com',
        'P: my friend [[Amara Okafor|participant]] told me about it.',
      ].join('\n'),
      'inline',
    );
    const red = await exportRedaction(study);
    const turns = red.turns.get('t-iv1')!;
    expect(turns[0]).toBe(study.interviews[0]!.turns[0]!.text);
    // The participants' own values are replaced everywhere in the study (build-redactor.ts), and an email by its shape.
    expect(turns[1]).not.toMatch(/Amara|amara@|j\.baptiste/);
    expect(red.turns.get('t-iv2')![0]).not.toMatch(/Amara|Okafor/);
    const score = scoreRedaction([study], new Map([[study.id, red]]));
    expect(score.byKind.get('participant')).toEqual({ total: 3, found: 3, partial: 0 });
    expect(score.byKind.get('email')!.found).toBe(1);
    expect(score.participantRecord).toEqual({ total: 4, found: 4, partial: 0 });
    expect(score.negatives.flagged).toBe(0);
  });
});
