// Participant codes (issue 21 §3, queries/participant-codes.ts): given in order of completion, then kept.
// An interview that arrives or completes later gets the next free number, whatever its completion time;
// a re-sync (records written again, changed or not, listed light or in full) renumbers nothing; a code
// is never given to another interview, even once its own interview is gone from the cache.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openInProcessCache, type Cache } from '../../../../src/main/cache/cache';
import type { CacheDb } from '../../../../src/main/cache/open';
import { interviewRecord, type InterviewRecord } from '../../../../src/shared/schemas/interview';
import { projectListItem } from '../../../../src/shared/schemas/project';

const P = 'p1';
const NOW = '2026-11-27T10:00:00.000Z';
let cache: Cache & { db: CacheDb };

const record = (id: string, status: string, completedAt: string | null, name = `Name of ${id}`): InterviewRecord =>
  interviewRecord.parse({
    id,
    status,
    completed_at: completedAt,
    duration_minutes: 5,
    participant: { name, email: `${id}@example.org` },
    transcript: [{ role: 'User', text: `I am ${name}.`, start_ms: 0, end_ms: 1000 }],
  });

const codes = async () => Object.fromEntries((await cache.call('participants.list', { projectId: P })).map((p) => [p.interview_id, p.code]));

beforeEach(async () => {
  cache = await openInProcessCache(':memory:');
  await cache.call('projects.saveList', {
    items: [projectListItem.parse({ id: P, title: 'Study', status: 'ACTIVE' }), projectListItem.parse({ id: 'p2', title: 'Other', status: 'ACTIVE' })],
    syncedAt: NOW,
  });
});
afterEach(() => cache.close());

describe('participant codes', () => {
  it('are given in order of completion (then id), unfinished interviews after, whatever order the pages came in', async () => {
    // Listing while the pages arrive gives no codes: the newest page must not get the first numbers.
    // Newest first, as the service lists them, over two pages.
    await cache.call('interviews.saveFullRecords', {
      projectId: P,
      items: [record('c', 'COMPLETE', '2026-03-03T00:00:00Z'), record('open', 'STARTED', null)],
      now: NOW,
    });
    expect((await cache.call('interviews.list', { projectId: P })).items.map((i) => i.code)).toEqual(['', '']);
    await cache.call('interviews.saveFullRecords', {
      projectId: P,
      items: [
        record('b2', 'COMPLETE', '2026-03-02T00:00:00Z'),
        record('b1', 'COMPLETE', '2026-03-02T00:00:00Z'),
        record('a', 'COMPLETE', '2026-03-01T00:00:00Z'),
      ],
      now: NOW,
    });
    expect(await cache.call('participants.assign', { projectId: P })).toBe(5);
    expect(await codes()).toEqual({ a: 'P01', b1: 'P02', b2: 'P03', c: 'P04', open: 'P05' });
    // Another study numbers its own from P01.
    await cache.call('interviews.saveFullRecords', { projectId: 'p2', items: [record('x', 'COMPLETE', '2026-01-01T00:00:00Z')], now: NOW });
    expect((await cache.call('participants.list', { projectId: 'p2' })).map((p) => p.code)).toEqual(['P01']);
  });

  it('stay the same when more interviews arrive and the study re-syncs; newcomers get the next free numbers', async () => {
    await cache.call('interviews.saveFullRecords', {
      projectId: P,
      items: [record('b', 'COMPLETE', '2026-03-02T00:00:00Z'), record('a', 'COMPLETE', '2026-03-01T00:00:00Z'), record('open', 'STARTED', null)],
      now: NOW,
    });
    await cache.call('participants.assign', { projectId: P });
    const first = await codes();
    expect(first).toEqual({ a: 'P01', b: 'P02', open: 'P03' });

    // A re-sync: the light listing changes a record (the open one completes, the earliest is renamed), a new
    // interview arrives that completed BEFORE the others (late to the listing), and the details are fetched again.
    const later = [
      record('open', 'COMPLETE', '2026-03-05T00:00:00Z'),
      record('a', 'COMPLETE', '2026-03-01T00:00:00Z', 'Renamed'),
      record('early', 'COMPLETE', '2026-02-01T00:00:00Z'),
      record('d', 'COMPLETE', '2026-03-04T00:00:00Z'),
    ];
    await cache.call('interviews.saveLightPage', { projectId: P, items: later, now: NOW });
    await cache.call('interviews.saveFullRecords', { projectId: P, items: later, now: NOW });
    await cache.call('participants.assign', { projectId: P });
    // Kept: never renumbered, never re-padded. The newcomers in order of completion after the others.
    expect(await codes()).toEqual({ ...first, early: 'P04', d: 'P05' });

    // The list and the viewer read codes but never give them: mid-sync, an interview without one reads ''.
    await cache.call('interviews.saveFullRecords', { projectId: P, items: [record('e', 'COMPLETE', '2026-03-06T00:00:00Z')], now: NOW });
    expect((await cache.call('interviews.get', { id: 'e' }))!.code).toBe('');
    // An analysis read (or an export) gives the missing ones, in the one place, as the sync's own call would.
    expect(await cache.call('interviews.numbers', { projectId: P })).toEqual({ a: 1, b: 2, open: 3, early: 4, d: 5, e: 6 });
    expect((await cache.call('interviews.get', { id: 'e' }))!.code).toBe('P06');
    const listed = (await cache.call('interviews.list', { projectId: P })).items;
    expect(Object.fromEntries(listed.map((i) => [i.id, i.code]))).toEqual({ ...first, early: 'P04', d: 'P05', e: 'P06' });

    // Saving everything again (a full re-walk) changes nothing.
    await cache.call('interviews.saveFullRecords', {
      projectId: P,
      items: [...later, record('b', 'COMPLETE', '2026-03-02T00:00:00Z'), record('e', 'COMPLETE', '2026-03-06T00:00:00Z')],
      now: NOW,
    });
    expect(await cache.call('participants.assign', { projectId: P })).toBe(0);
    expect(await codes()).toEqual({ ...first, early: 'P04', d: 'P05', e: 'P06' });
  });

  it('past P99 grow a digit without re-padding the others; a number once given is never given again', async () => {
    const many = Array.from({ length: 100 }, (_, i) =>
      record(`iv${String(i).padStart(3, '0')}`, 'COMPLETE', `2026-01-01T00:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z`),
    );
    await cache.call('interviews.saveFullRecords', { projectId: P, items: many, now: NOW });
    const list = await cache.call('participants.list', { projectId: P });
    expect([list[0]!.code, list[8]!.code, list[98]!.code, list[99]!.code]).toEqual(['P01', 'P09', 'P99', 'P100']);
    // An interview gone from the cache keeps its number to itself.
    cache.db.prepare("DELETE FROM interviews WHERE id = 'iv099'").run();
    await cache.call('interviews.saveFullRecords', { projectId: P, items: [record('new', 'COMPLETE', '2026-02-01T00:00:00Z')], now: NOW });
    const after = await codes();
    expect(after.new).toBe('P101');
    expect(after.iv000).toBe('P01');
    expect(Object.keys(after)).not.toContain('iv099');
  });
});
