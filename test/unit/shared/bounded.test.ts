// Open maps from the service are bounded in depth and size, never overflow the stack, and say what was cut.
import { describe, expect, it } from 'vitest';
import { BOUNDS, boundedJson, boundedString } from '../../../src/shared/schemas/bounded';
import { interviewRecord, normaliseParticipant, normaliseScreener } from '../../../src/shared/schemas/interview';

/** A value nested `depth` levels deep, built without recursion. */
function deep(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = { next: v };
  return v;
}

describe('bounded values', () => {
  it('a value 100,000 levels deep becomes bounded JSON text with a cut mark, without overflowing the stack', () => {
    const out = boundedJson(deep(100_000));
    expect(out.cut).toBe(true);
    expect(out.text).toContain('… (cut: nested too deeply)');
    expect(out.text.split('{').length - 1).toBe(BOUNDS.depth);
    expect(() => JSON.parse(out.text)).not.toThrow();
  });

  it('a 10 MB string is kept to its first characters and says how many more there were', () => {
    const out = boundedString('x'.repeat(10 * 1024 * 1024));
    expect(out.cut).toBe(true);
    expect(out.text.length).toBeLessThan(BOUNDS.chars + 100);
    expect(out.text).toMatch(/… \(cut: 10475760 more characters\)$/);
  });

  it('small values pass unchanged', () => {
    expect(boundedJson({ plan: 'annual', tags: ['a', 'b'], n: 3 })).toEqual({ text: '{"plan":"annual","tags":["a","b"],"n":3}', cut: false });
    expect(boundedString('hello')).toEqual({ text: 'hello', cut: false });
  });

  it('a cycle (possible only in values built in memory) is cut, not looped', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(boundedJson(a).text).toContain('nested too deeply');
  });

  it('a participant with a hostile custom field still syncs: name and email kept, the field cut and named', () => {
    const p = normaliseParticipant({
      first_name: 'Ana',
      last_name: 'Silva',
      email: 'ana@example.com',
      plan: 'annual',
      history: deep(100_000),
      essay: 'y'.repeat(10 * 1024 * 1024),
    })!;
    expect(p.name).toBe('Ana Silva');
    expect(p.email).toBe('ana@example.com');
    expect(p.fields.plan).toBe('annual');
    expect(p.cut).toEqual(['history', 'essay']);
    expect(String(p.fields.essay).length).toBeLessThan(BOUNDS.chars + 100);
    expect(JSON.stringify(p).length).toBeLessThan(64 * 1024);
  });

  it('participant names split, combined, or missing', () => {
    expect(normaliseParticipant({ full_name: 'Maya Cohen' })?.name).toBe('Maya Cohen');
    expect(normaliseParticipant({ given_name: 'Maya', family_name: 'Cohen' })?.name).toBe('Maya Cohen');
    expect(normaliseParticipant({ firstName: 'Maya' })?.name).toBe('Maya');
    expect(normaliseParticipant({ plan: 'x' })?.name).toBeNull();
    expect(normaliseParticipant({ name: { first: 'Maya' } })?.name).toBeNull();
  });

  it('screener answers as text, lists, objects and deep objects', () => {
    const s = normaliseScreener({
      approved: 'true',
      questions: { q1: 'Plan?', q2: { text: 'Features?' }, q3: { question: 'Why?' }, q4: { text: 'Deep?' } },
      answers: { q1: 'annual', q2: ['recipes', 'delivery'], q3: { reason: 'price' }, q4: deep(100_000) },
    })!;
    expect(s.approved).toBe(true);
    expect(s.items.map((i) => [i.text, i.answer?.slice(0, 30)])).toEqual([
      ['Plan?', 'annual'],
      ['Features?', 'recipes, delivery'],
      ['Why?', '{"reason":"price"}'],
      ['Deep?', '{"next":{"next":{"next":{"next'],
    ]);
    expect(s.cut).toEqual(['q4']);
  });

  it('a whole interview record with hostile open maps parses', () => {
    const r = interviewRecord.parse({
      id: 'i1',
      status: 'COMPLETE',
      participant: { name: 'A', x: deep(100_000) },
      screener: { answers: { q: deep(50_000) } },
      transcript: [],
    });
    expect(r.participant?.cut).toEqual(['x']);
    expect(r.screener?.cut).toEqual(['q']);
  });
});
