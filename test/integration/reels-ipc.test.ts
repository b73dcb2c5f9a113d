// The reels channels through the core's dispatcher (inputs parsed as from the page): a reel made of
// highlights from two interviews, labelled as the study labels them, reordered, renamed, kept through
// later syncs, and losing a clip only when its highlight is deleted.
import { describe, expect, it } from 'vitest';
import { useCoreWithStudy } from '../support/core';
import { present } from '../support/ipc';

const study = useCoreWithStudy({ dirPrefix: 'fw-reels-ipc-', title: 'Reels study', completed: 3, workspace: 'Reels' });

describe('reels over IPC', () => {
  it('builds, reorders and keeps a reel across syncs; refuses bad input with a reason', async () => {
    const { core, org, projectId, ws } = study;
    await core.call('sync.run', { workspace_id: ws });
    const interviews = (await core.call('interviews.list', { workspace_id: ws, project_id: projectId })).items;
    expect(interviews.length).toBeGreaterThanOrEqual(2);
    const clip = async (interviewId: string, turn: number, tags: string[]) => {
      const t = present(await core.call('interviews.get', { workspace_id: ws, interview_id: interviewId }), 'the interview').transcript[turn]!;
      const quote = t.text.slice(0, 16);
      return core.call('highlights.add', {
        workspace_id: ws,
        project_id: projectId,
        interview_id: interviewId,
        start_turn: turn,
        start_offset: 0,
        end_turn: turn,
        end_offset: quote.length,
        start_ms: t.start_ms,
        quote,
        new_codes: tags,
      });
    };
    const a = await clip(interviews[0]!.id, 1, ['Price']);
    const b = await clip(interviews[1]!.id, 3, ['Trust', 'Price']);
    const c = await clip(interviews[0]!.id, 5, []);

    const reel = await core.call('reels.create', { workspace_id: ws, project_id: projectId, name: 'Why they left' });
    expect(await core.call('reels.addItems', { workspace_id: ws, id: reel.id, highlight_ids: [a.id, b.id, c.id, a.id] })).toEqual({
      added: [a.id, b.id, c.id],
      duplicates: [a.id],
      missing: [],
      clips: 3,
    });
    const got = await core.call('reels.get', { workspace_id: ws, id: reel.id });
    expect(got.items.map((i) => i.highlight_id)).toEqual([a.id, b.id, c.id]);
    expect(got.items[1]).toMatchObject({
      interview_id: interviews[1]!.id,
      // The name with the participant code beside it, or the code alone.
      participant: interviews[1]!.participant_name?.trim() ? `${interviews[1]!.participant_name.trim()} (${interviews[1]!.code})` : interviews[1]!.code,
      text: b.quote,
      codes: [expect.objectContaining({ name: 'Price' }), expect.objectContaining({ name: 'Trust' })],
      start_ms: b.start_ms,
    });
    expect(got.total_ms).toBe(got.items.reduce((n, i) => n + (i.end_ms !== null && i.start_ms !== null ? i.end_ms - i.start_ms : 0), 0));
    expect(got.total_ms).toBeGreaterThan(0);

    expect((await core.call('reels.move', { workspace_id: ws, id: reel.id, highlight_id: c.id, position: 0 })).items.map((i) => i.highlight_id)).toEqual([
      c.id,
      a.id,
      b.id,
    ]);
    await core.call('reels.rename', { workspace_id: ws, id: reel.id, name: 'Leaving, in their words' });

    // More interviews, and a sync that writes them and re-reads the listing: the reel is as it was.
    await org.operator('POST', `/_sandbox/projects/${projectId}/simulate`, { completed: 2, transcript_turns: 8 });
    await core.call('sync.run', { workspace_id: ws });
    const after = await core.call('reels.get', { workspace_id: ws, id: reel.id });
    expect(after.reel.name).toBe('Leaving, in their words');
    expect(after.items.map((i) => i.highlight_id)).toEqual([c.id, a.id, b.id]);

    // Refused, each with what to do.
    const other = await core.dispatch('reels.create', { workspace_id: ws, project_id: projectId, name: 'LEAVING, IN THEIR WORDS' });
    expect(other).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('Pick another name') } });
    expect(await core.dispatch('reels.create', { workspace_id: ws, project_id: projectId, name: '   ' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await core.dispatch('reels.addItems', { workspace_id: ws, id: reel.id, highlight_ids: [] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await core.dispatch('reels.move', { workspace_id: ws, id: reel.id, highlight_id: a.id, position: -1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await core.dispatch('reels.get', { workspace_id: ws, id: 'no-such-reel' })).toMatchObject({ ok: false, error: { code: 'not_found' } });

    // A deleted highlight leaves the reel, and the count says so; removing a clip keeps its highlight.
    await core.call('highlights.delete', { workspace_id: ws, id: a.id });
    expect((await core.call('reels.list', { workspace_id: ws, project_id: projectId })).map((r) => r.clips)).toEqual([2]);
    expect(await core.call('reels.removeItem', { workspace_id: ws, id: reel.id, highlight_id: b.id })).toEqual({ removed: true });
    expect((await core.call('highlights.list', { workspace_id: ws, project_id: projectId })).map((h) => h.id).sort()).toEqual([b.id, c.id].sort());
    expect(await core.call('reels.delete', { workspace_id: ws, id: reel.id })).toEqual({ deleted: true });
    expect(await core.call('reels.list', { workspace_id: ws, project_id: projectId })).toEqual([]);
  }, 60_000);
});
