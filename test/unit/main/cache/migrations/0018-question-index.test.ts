// Migration 0018: an index of interviewer questions, kept with the search index; a cache from before it lists
// the questions of its indexed turns at the next bulk step, and the triggers mark interviews whose indexed turns change.
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { indexBacklog, searchBacklog } from '../../../../../src/main/cache/queries/search-index';
import { askedInIndexed } from '../../../../../src/main/cache/queries/question-index';
import { columns, migratedTo, plan } from './support';

function seed(d: Database.Database) {
  d.exec(`INSERT INTO projects (id, title, status) VALUES ('p', 'P', 'IN_PROGRESS');
          INSERT INTO interviews (id, project_id, status, completed_at, participant_name, fingerprint, detail_state, listed_at) VALUES
            ('i1', 'p', 'COMPLETE', '2026-02-01', 'Ann', 'f', 'complete', 'now'),
            ('i2', 'p', 'COMPLETE', '2026-01-01', NULL, 'f', 'complete', 'now');`);
}
const turn = (d: Database.Database, interview: string, idx: number, role: 'AI' | 'User', text: string) =>
  Number(
    d.prepare('INSERT INTO transcript_turns (interview_id, idx, role, text, start_ms) VALUES (?, ?, ?, ?, ?)').run(interview, idx, role, text, idx * 1000)
      .lastInsertRowid,
  );
/**
 * Today's query reads later tables too (participant codes, 0020), so the caches below are migrated to the last
 * version, which leaves the question index as 0018 made it; the codes are not this migration's and are set aside.
 */
const askedIn = (d: Database.Database, projectId: string, words: string) => askedInIndexed(d, projectId, words).map(({ code: _code, ...rest }) => rest);
const stale = (d: Database.Database) => d.prepare('SELECT interview_id FROM questions_stale ORDER BY 1').pluck().all();

describe('migration 0018: question index', () => {
  it('is version 18; interviews whose turns were indexed before it are listed at the next bulk step', async () => {
    expect(MIGRATIONS[17]).toMatchObject({ version: 18, name: 'question-index' });
    const d = await migratedTo(17);
    seed(d);
    turn(d, 'i1', 0, 'AI', 'How do you feel about the price?');
    turn(d, 'i1', 1, 'User', 'It is high.');
    turn(d, 'i2', 0, 'AI', 'how do you feel about the PRICE');
    d.prepare("UPDATE search_backlog SET indexed_upto = (SELECT max(id) FROM transcript_turns) WHERE name = 'turns'").run();
    await migrate(d, { migrations: MIGRATIONS.slice(0, 18) });
    expect(d.pragma('user_version', { simple: true })).toBe(18);
    expect(columns(d, 'asked_questions').map((c) => c.name)).toEqual([
      'project_id',
      'question_key',
      'interview_id',
      'idx',
      'start_ms',
      'unfinished',
      'completed_at',
      'participant_name',
    ]);
    expect(stale(d)).toEqual(['i1', 'i2']);
    await migrate(d, { migrations: MIGRATIONS });
    expect(indexBacklog(d, {})).toEqual({ indexed: 0, remaining: 0 });
    expect(stale(d)).toEqual([]);
    // In order of completion; only interviewer turns.
    expect(askedIn(d, 'p', 'how do you feel about the price')).toEqual([
      { interview_id: 'i2', participant_name: null, start_ms: 0 },
      { interview_id: 'i1', participant_name: 'Ann', start_ms: 0 },
    ]);
    expect(askedIn(d, 'p', 'it is high')).toEqual([]);
    // One question's interviews are one range of a covering index, already in order: no join, no sort.
    const read = plan(
      d,
      "SELECT interview_id, participant_name, start_ms FROM asked_questions WHERE project_id = 'p' AND question_key = 'x' ORDER BY unfinished, completed_at, interview_id",
    );
    expect(read).toMatch(/USING COVERING INDEX asked_questions_order/);
    expect(read).not.toMatch(/TEMP B-TREE/);
  });

  it("an interview's completion time or participant changing moves and renames it in every question's list", async () => {
    const d = await migratedTo(MIGRATIONS.length);
    seed(d);
    turn(d, 'i1', 0, 'AI', 'Why?');
    turn(d, 'i2', 0, 'AI', 'Why?');
    indexBacklog(d, {});
    expect(askedIn(d, 'p', 'why').map((a) => a.interview_id)).toEqual(['i2', 'i1']);
    d.exec("UPDATE interviews SET completed_at = NULL, participant_name = 'Bo' WHERE id = 'i2'");
    expect(askedIn(d, 'p', 'why')).toEqual([
      { interview_id: 'i1', participant_name: 'Ann', start_ms: 0 },
      { interview_id: 'i2', participant_name: 'Bo', start_ms: 0 },
    ]);
    d.exec("UPDATE interviews SET completed_at = '2025-12-31' WHERE id = 'i2'");
    expect(askedIn(d, 'p', 'why').map((a) => a.interview_id)).toEqual(['i2', 'i1']);
  });

  it('turns added above the mark are listed by the bulk step, keeping each interview where it first asked', async () => {
    const d = await migratedTo(MIGRATIONS.length);
    seed(d);
    turn(d, 'i1', 4, 'AI', 'Tell me more.');
    turn(d, 'i1', 2, 'AI', 'Tell me more!');
    expect(searchBacklog(d)).toBe(2);
    expect(askedIn(d, 'p', 'tell me more')).toEqual([]);
    expect(indexBacklog(d, { maxRows: 1 })).toEqual({ indexed: 1, remaining: 1 });
    expect(askedIn(d, 'p', 'tell me more')).toEqual([{ interview_id: 'i1', participant_name: 'Ann', start_ms: 4000 }]);
    indexBacklog(d, { maxRows: 1 });
    expect(askedIn(d, 'p', 'tell me more')).toEqual([{ interview_id: 'i1', participant_name: 'Ann', start_ms: 2000 }]);
  });

  it('an indexed turn deleted, edited, or an id reused at or below the mark marks its interview; the next step lists it again', async () => {
    // The insert trigger lived until 0023 (since then the write marks a reused id's interview: 0023's test).
    const d = await migratedTo(22);
    seed(d);
    turn(d, 'i1', 0, 'AI', 'What about delivery?');
    const top = turn(d, 'i2', 0, 'AI', 'What about delivery?');
    indexBacklog(d, {});
    expect(askedIn(d, 'p', 'what about delivery').map((a) => a.interview_id)).toEqual(['i2', 'i1']);
    // i2's only turn deleted and its id reused by i1: both marked, both listed again.
    d.prepare('DELETE FROM transcript_turns WHERE id = ?').run(top);
    expect(turn(d, 'i1', 1, 'AI', 'And the price?')).toBe(top);
    expect(stale(d)).toEqual(['i1', 'i2']);
    expect(indexBacklog(d, {})).toEqual({ indexed: 0, remaining: 0 });
    expect(askedIn(d, 'p', 'what about delivery').map((a) => a.interview_id)).toEqual(['i1']);
    expect(askedIn(d, 'p', 'and the price').map((a) => a.interview_id)).toEqual(['i1']);
    d.prepare("UPDATE transcript_turns SET text = 'Anything else?' WHERE id = ?").run(top);
    expect(stale(d)).toEqual(['i1']);
    indexBacklog(d, {});
    expect(askedIn(d, 'p', 'and the price')).toEqual([]);
    expect(askedIn(d, 'p', 'anything else').map((a) => a.interview_id)).toEqual(['i1']);
    // Rows go with their interview.
    d.prepare("DELETE FROM interviews WHERE id = 'i1'").run();
    expect(d.prepare('SELECT count(*) FROM asked_questions').pluck().get()).toBe(0);
  });

  it('a bounded step lists a bounded number of stale interviews and says how many remain', async () => {
    const d = await migratedTo(MIGRATIONS.length);
    seed(d);
    turn(d, 'i1', 0, 'AI', 'Why?');
    turn(d, 'i2', 0, 'AI', 'Why?');
    indexBacklog(d, {});
    d.exec("UPDATE transcript_turns SET text = 'Why not?'");
    expect(stale(d)).toEqual(['i1', 'i2']);
    expect(indexBacklog(d, { maxRows: 1 })).toEqual({ indexed: 0, remaining: 1 });
    expect(indexBacklog(d, { maxRows: 1 })).toEqual({ indexed: 0, remaining: 0 });
    expect(askedIn(d, 'p', 'why not').map((a) => a.interview_id)).toEqual(['i2', 'i1']);
    expect(askedIn(d, 'p', 'why')).toEqual([]);
  });
});
