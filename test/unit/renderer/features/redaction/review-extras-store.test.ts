// The Redaction view's interviews (counts, reviewed marks) and "Find every mention": what is asked of main, a mark
// shown from main's answer (with a toast when refused), and a late answer for an older term dropped.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import type { RedactionInterviewView, RedactionMentionsView } from '../../../../../src/shared/ipc/channels/redaction';
import { useToasts } from '../../../../../src/renderer/components/Toasts';
import { useMentions, useReviewInterviews } from '../../../../../src/renderer/features/redaction/review-extras-store';
import { deferred, fakeBridge, IpcFailure, type FakeBridge } from '../../../../support/fake-bridge';

const KEY = { workspaceId: 'w1', projectId: 'p1' };
const iv = (n: number, extra: Partial<RedactionInterviewView> = {}): RedactionInterviewView => ({
  interview_id: `iv-${n}`,
  code: `P0${n}`,
  replaced: n * 2,
  possible_undecided: n,
  kept: 0,
  reviewed_at: null,
  changed_since_review: false,
  ...extra,
});
const mentions = (text: string, total: number): RedactionMentionsView => ({
  text,
  total,
  interviews: total ? [{ interview_id: 'iv-1', code: 'P01', count: total, examples: [{ start_ms: 0, before: 'I asked ', text, after: '.' }] }] : [],
});

let bridge: FakeBridge;
beforeEach(() => {
  bridge = fakeBridge();
  vi.stubGlobal('window', { fieldwork: bridge.api });
  useReviewInterviews.setState({ key: null, items: [], status: 'idle', error: null, saving: {}, seq: 0 });
  useMentions.setState({ text: null, result: null, error: null });
  useToasts.setState({ toasts: [] } as never);
});
afterEach(() => vi.unstubAllGlobals());

describe('review interviews', () => {
  it('reads every interview of the study, and shows a mark as main answers it', async () => {
    bridge.answer('redaction.interviews', () => ({ interviews: [iv(1), iv(2)] }));
    bridge.answer('redaction.markReviewed', (i) => iv(1, { reviewed_at: i.reviewed ? 't' : null }));
    await useReviewInterviews.getState().load(KEY);
    expect(useReviewInterviews.getState()).toMatchObject({ status: 'ready', items: [iv(1), iv(2)] });
    const marking = useReviewInterviews.getState().mark('iv-1', true);
    // Shown at once, before main answers.
    expect(useReviewInterviews.getState().items[0]!.reviewed_at).not.toBeNull();
    await marking;
    expect(bridge.inputs('redaction.markReviewed')).toEqual([{ workspace_id: 'w1', project_id: 'p1', interview_id: 'iv-1', reviewed: true }]);
    expect(useReviewInterviews.getState().items[0]!.reviewed_at).toBe('t');
    expect(useReviewInterviews.getState().saving).toEqual({});
  });

  it('leaves the row as it was and says why when main refuses the mark; drops an older read answering late', async () => {
    bridge.answer('redaction.interviews', () => ({ interviews: [iv(1)] }));
    await useReviewInterviews.getState().load(KEY);
    bridge.answer('redaction.markReviewed', () => {
      throw new IpcFailure('io', 'The study’s saved data could not be written.');
    });
    await useReviewInterviews.getState().mark('iv-1', true);
    expect(useReviewInterviews.getState().items[0]).toEqual(iv(1));
    expect(useToasts.getState().toasts.map((t) => t.title)).toEqual(['P01 was not marked reviewed']);

    const slow = deferred<{ interviews: RedactionInterviewView[] }>();
    bridge.answer('redaction.interviews', () => slow.promise);
    const older = useReviewInterviews.getState().load(KEY);
    bridge.answer('redaction.interviews', () => ({ interviews: [iv(1, { replaced: 99 })] }));
    await useReviewInterviews.getState().load(KEY);
    slow.resolve({ interviews: [iv(1, { replaced: 1 })] });
    await older;
    expect(useReviewInterviews.getState().items[0]!.replaced).toBe(99);
  });
});

describe('find every mention', () => {
  it('asks main for the term, keeps only the latest term’s answer, and closes', async () => {
    const first = deferred<RedactionMentionsView>();
    bridge.answer('redaction.mentions', (i) => (i.text === 'Ayesha' ? first.promise : mentions(i.text, 3)));
    const a = useMentions.getState().find(KEY, 'Ayesha');
    await useMentions.getState().find(KEY, 'Kwame');
    first.resolve(mentions('Ayesha', 7));
    await a;
    expect(useMentions.getState()).toMatchObject({ text: 'Kwame', result: { total: 3 } });
    expect(bridge.inputs('redaction.mentions').map((i) => i.text)).toEqual(['Ayesha', 'Kwame']);
    useMentions.getState().close();
    expect(useMentions.getState()).toMatchObject({ text: null, result: null });

    bridge.answer('redaction.mentions', () => {
      throw new IpcFailure('unknown_project', 'No project p1 in the saved data.');
    });
    await useMentions.getState().find(KEY, 'Kwame');
    expect(useMentions.getState().error?.message).toMatch(/No project/);
  });
});
