// What the scan is unsure of, of every kind, reaches the review with its reason, and a redacted export leaves it as
// written until the researcher accepts it (issue 21 §2); the export's summary counts what was replaced, kept and
// left undecided, from the same redactor the export writes with.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openInProcessCache, type Cache } from '../../../../src/main/cache/cache';
import { redactGroup } from '../../../../src/main/cli/commands/redact';
import type { Ctx } from '../../../../src/main/cli/index';
import { Output } from '../../../../src/main/cli/output';
import { buildRedactor } from '../../../../src/main/redaction/build-redactor';
import { createRedactionService } from '../../../../src/main/redaction/redaction-service';
import type { RuntimeManager } from '../../../../src/main/workspaces/runtime';
import { scanStudy } from '../../../../src/main/redaction/scan';
import { redactionNotes } from '../../../../src/main/output/summary-notes';
import { REDACTED_NOTE } from '../../../../src/main/output/summary';
import { createMemoryStore } from '../../../../src/main/secrets/memory-store';
import { WHY } from '../../../../src/shared/redaction/possible-reasons';
import { interviewRecord } from '../../../../src/shared/schemas/interview';
import { projectListItem } from '../../../../src/shared/schemas/project';

const NOW = '2026-11-26T10:00:00.000Z';
let cache: Cache;
const secrets = createMemoryStore(null);
const turns = (...texts: string[]) => texts.map((text, i) => ({ role: i % 2 ? 'User' : 'AI', text, start_ms: i * 10_000, end_ms: i * 10_000 + 9_000 }));

beforeEach(async () => {
  cache = await openInProcessCache(':memory:');
  await cache.call('projects.saveList', { items: [projectListItem.parse({ id: 'p1', title: 'Kits', status: 'STARTED' })], syncedAt: NOW });
  await cache.call('interviews.saveFullRecords', {
    projectId: 'p1',
    now: NOW,
    items: [
      interviewRecord.parse({
        id: 'iv-a',
        status: 'COMPLETE',
        completed_at: '2026-11-01T10:00:00Z',
        participant: { name: 'Tom Reyes' },
        transcript: turns('Welcome.', 'Message @sunny_d later; it’s 943 476 5919 on the letter. Born March 3rd, 1988, in Leeds.'),
      }),
      interviewRecord.parse({
        id: 'iv-b',
        status: 'COMPLETE',
        completed_at: '2026-11-02T10:00:00Z',
        participant: { name: 'Amara Okafor' },
        // The same handle, named with its platform: sure here, so replaced everywhere.
        transcript: turns('Hello.', 'We moved to Florence last year. Find me as @amara_k on instagram.', 'Yes, or just message @amara_k.'),
      }),
    ],
  });
});
afterEach(() => cache.close());

describe('possible findings', () => {
  it('reach the review with their reason, whatever their kind', async () => {
    const r = await scanStudy(cache, secrets, 'p1', NOW);
    const possible = r.findings.filter((f) => f.confidence === 'possible').map((f) => [f.kind, f.text, f.reason]);
    expect(possible).toEqual(
      expect.arrayContaining([
        ['handle', '@sunny_d', WHY.atNoPlatform],
        ['id', '943 476 5919', WHY.idNoLabel],
        ['dob', 'March 3rd, 1988', WHY.bornNoPerson],
        ['person', 'Florence', WHY.placeOrThing],
      ]),
    );
    // Every possible finding says why; no sure one does.
    for (const f of r.findings)
      expect([f.text, f.confidence === 'possible', typeof f.reason === 'string']).toEqual([f.text, f.confidence === 'possible', f.confidence === 'possible']);
  });

  it('are left as written by an export until accepted; one sure anywhere is replaced everywhere', async () => {
    const text = 'Message @sunny_d later; it’s 943 476 5919 on the letter. Florence and @amara_k.';
    const r = await buildRedactor(cache, secrets, 'p1');
    // The ID number's digits are not replaced as a phone either: the whole value is left.
    expect(r.text(text)).toBe('Message @sunny_d later; it’s 943 476 5919 on the letter. Florence and [handle].');
    expect(r.tally).toEqual({ replaced: expect.any(Number), kept: 0, possible_undecided: 4 });

    await cache.call('redaction.decide', { projectId: 'p1', kind: 'handle', text: '@sunny_d', decision: 'accept', now: NOW });
    await cache.call('redaction.decide', { projectId: 'p1', kind: 'id', text: '943 476 5919', decision: 'accept', now: NOW });
    await cache.call('redaction.decide', { projectId: 'p1', kind: 'person', text: 'Florence', decision: 'accept', now: NOW });
    await cache.call('redaction.decide', { projectId: 'p1', kind: 'participant', text: 'Tom Reyes', decision: 'reject', now: NOW });
    const again = await buildRedactor(cache, secrets, 'p1');
    expect(again.text(text)).toBe('Message [handle] later; it’s [id number] on the letter. [Person A] and [handle].');
    expect(again.tally).toEqual({ replaced: r.tally.replaced + 3 - 1, kept: 1, possible_undecided: 1 });
  });

  it('are counted in the summary of every redacted export', async () => {
    const r = await buildRedactor(cache, secrets, 'p1');
    const notes = redactionNotes(r);
    expect(notes[0]).toBe(REDACTED_NOTE);
    expect(notes[1]).toBe(
      `Of ${r.tally.replaced + 4} terms found, ${r.tally.replaced} replaced, 0 kept as written by your choice, and 4 possible terms never decided, so left as written (decide them in Analysis → Redaction).`,
    );
  });
});

describe('fieldwork redact scan', () => {
  const run = async (json: boolean) => {
    let printed = '';
    const stream = { write: (s: string) => (printed += s) };
    const redaction = createRedactionService({ runtimes: { get: async () => ({ cache }) } as unknown as Pick<RuntimeManager, 'get'>, secrets });
    const ctx = {
      out: new Output(stream, stream, json, {}),
      flags: { workspace: 'Demo', project: 'p1' },
      words: [],
      workspace: async () => ({ id: 'w', name: 'Demo' }),
      services: async () => ({ redaction }),
    } as unknown as Ctx;
    await redactGroup.commands.scan!.run(ctx);
    return printed;
  };

  it('lists what the scan is unsure of apart, each with its reason, and says confidence and reason in --json', async () => {
    const human = await run(false);
    const [sure, possible] = human.split(/\nPossible \(/);
    expect(possible).toMatch(/^4 values the scan is unsure of; left as written unless you accept them\):\n/);
    expect(possible).toContain(`  handle: @sunny_d → [handle]  ×1 first at 0:10  (${WHY.atNoPlatform})`);
    expect(possible).toContain(`  ID number: 943 476 5919 → [id number]  ×1 first at 0:10  (${WHY.idNoLabel})`);
    expect(possible).toContain(`(${WHY.placeOrThing})`);
    // A value sure somewhere is listed with the sure ones, not as possible.
    expect(sure).toContain('  @amara_k → [handle]  ×2');
    expect(possible).not.toContain('@amara_k');

    const json = JSON.parse(await run(true)) as { kind: string; text: string; confidence: string; reason: string | null }[];
    expect(json.find((f) => f.text === '@sunny_d')).toMatchObject({ kind: 'handle', confidence: 'possible', reason: WHY.atNoPlatform });
    expect(json.filter((f) => f.text === '@amara_k').map((f) => [f.confidence, f.reason])).toEqual([
      ['sure', null],
      ['possible', WHY.atNoPlatform],
    ]);
    for (const f of json) expect(f.reason === null).toBe(f.confidence === 'sure');
  });
});
