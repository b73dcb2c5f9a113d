// The guide store's save: the PATCH it sends, the reloads after it, and how a refusal comes back.
import { afterEach, describe, expect, it } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import { UiError } from '../../../../../src/renderer/lib/api';
import { useGuide } from '../../../../../src/renderer/features/guide/store';
import { installFakeBridge, IpcFailure, type InstalledFakeBridge } from '../../../../support/fake-bridge';

const saved = { stimuli_cleared: false, restored: [], unresolved: [] };
let fake: InstalledFakeBridge;
afterEach(() => fake.restore());

describe('save', () => {
  it('sends only the changes, then reloads the study before answering', async () => {
    fake = installFakeBridge({ 'studies.update': () => saved, 'projects.get': () => null });
    const r = await useGuide.getState().save('w1', 'p1', { end_message: null, intro_message: 'Hi' });
    expect(r).toEqual(saved);
    expect(fake.calls).toEqual([
      { channel: 'studies.update', input: { workspace_id: 'w1', project_id: 'p1', end_message: null, intro_message: 'Hi' } },
      { channel: 'projects.get', input: { workspace_id: 'w1', project_id: 'p1' } },
    ]);
  });

  it('a changed title reloads the study list too', async () => {
    fake = installFakeBridge({ 'studies.update': () => saved, 'projects.get': () => null, 'projects.list': () => ({ items: [], synced_at: null }) });
    await useGuide.getState().save('w1', 'p1', { title: 'New title' });
    await expect.poll(() => fake.inputs('projects.list')).toEqual([{ workspace_id: 'w1' }]);
  });

  it("throws main's refusal as a UiError and reloads nothing", async () => {
    fake = installFakeBridge({
      'studies.update': () => {
        throw new IpcFailure('survey_questions', 'The service refused the questions.', { field: 'questions' });
      },
    });
    const e: unknown = await useGuide
      .getState()
      .save('w1', 'p1', { title: 'x' })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UiError);
    expect(e).toMatchObject({ code: 'survey_questions', message: 'The service refused the questions.', details: { field: 'questions' } });
    expect(fake.calls.map((c) => c.channel)).toEqual(['studies.update']);
  });

  it('not_editable (launched meanwhile) syncs the study, so the tab turns read-only', async () => {
    fake = installFakeBridge({
      'studies.update': () => {
        throw new IpcFailure('not_editable', 'This study has launched.');
      },
      'sync.run': () => ({}),
      'projects.get': () => null,
    });
    await expect(useGuide.getState().save('w1', 'p1', { title: 'x' })).rejects.toMatchObject({ code: 'not_editable' });
    await expect.poll(() => fake.calls.map((c) => c.channel)).toEqual(['studies.update', 'sync.run', 'projects.get']);
    expect(fake.inputs('sync.run')).toEqual([{ workspace_id: 'w1', project_ids: ['p1'] }]);
  });

  it('a broken bridge is bridge_failed', async () => {
    fake = installFakeBridge({ 'studies.update': () => Promise.reject(new Error('gone')) });
    await expect(useGuide.getState().save('w1', 'p1', { title: 'x' })).rejects.toMatchObject({ code: 'bridge_failed' });
  });
});
