import { describe, expect, it } from 'vitest';
import { useCoreWithStudy } from '../support/core';
import { present } from '../support/ipc';

const study = useCoreWithStudy({ dirPrefix: 'fw-hl-resync-', title: 'Resync study', completed: 6, workspace: 'Resync' });

describe('highlights and re-sync', () => {
  it('survive later syncs, new interviews and the highlighted interview being written again', async () => {
    const { core, org, projectId, ws } = study;
    await core.call('sync.run', { workspace_id: ws });
    const list = await core.call('interviews.list', { workspace_id: ws, project_id: projectId });
    const [first, second] = list.items;
    const detail = present(await core.call('interviews.get', { workspace_id: ws, interview_id: first!.id }), 'the interview');
    const turn = detail.transcript[1]!;
    const quote = turn.text.slice(0, 20);
    const a = await core.call('highlights.add', {
      workspace_id: ws,
      project_id: projectId,
      interview_id: first!.id,
      start_turn: 1,
      start_offset: 0,
      end_turn: 1,
      end_offset: quote.length,
      start_ms: turn.start_ms,
      quote,
      note: 'price anchor',
      new_codes: ['pricing', 'churn'],
    });
    const b = await core.call('highlights.add', {
      workspace_id: ws,
      project_id: projectId,
      interview_id: second!.id,
      start_turn: 0,
      start_offset: 0,
      end_turn: 0,
      end_offset: 4,
      start_ms: 0,
      quote: 'Tell',
      new_codes: ['intro'],
    });
    // The answer carries the participant's name from the cache, as a list does.
    expect(a.participant_name).toBe(first!.participant_name);
    const before = await core.call('highlights.list', { workspace_id: ws, project_id: projectId });
    expect(before.map((h) => h.id).sort()).toEqual([a.id, b.id].sort());

    // More interviews arrive; the next sync writes them (and re-reads the listing).
    await org.operator('POST', `/_sandbox/projects/${projectId}/simulate`, { completed: 3, transcript_turns: 8 });
    const secondSync = await core.call('sync.run', { workspace_id: ws });
    expect(secondSync.interviews_written).toBeGreaterThanOrEqual(3);
    // The highlighted interview itself is fetched and written again in full, its turns replaced.
    const runtime = await core.runtimes.get(ws);
    expect(await runtime.sync.syncInterview(projectId, first!.id)).toBe(true);
    await core.call('sync.run', { workspace_id: ws });

    const after = await core.call('highlights.list', { workspace_id: ws, project_id: projectId });
    expect(after).toEqual(before);
    const perInterview = await core.call('highlights.list', { workspace_id: ws, interview_id: first!.id });
    expect(perInterview).toHaveLength(1);
    expect(perInterview[0]).toMatchObject({ quote, note: 'price anchor', codes: [{ name: 'churn' }, { name: 'pricing' }], start_ms: turn.start_ms });
    const pricing = perInterview[0]!.codes.find((c) => c.name === 'pricing')!;
    expect(await core.call('highlights.list', { workspace_id: ws, project_id: projectId, code_id: pricing.id })).toHaveLength(1);
    expect((await core.call('interviews.list', { workspace_id: ws, project_id: projectId })).total).toBe(9);
  });
});
