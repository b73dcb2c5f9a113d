// The Redaction view's store: the review a page at a time with its filters, a decision shown at once and not
// undone by a page read already on its way, a late answer for an older filter dropped, own terms and their
// refusals handed to the form as UiErrors.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import type { RedactionReviewPage, RedactionReviewTermView } from '../../../../../src/shared/ipc/channels/redaction';
import { UiError } from '../../../../../src/renderer/lib/api';
import { TERM_PAGE, useRedaction } from '../../../../../src/renderer/features/redaction/store';
import { deferred, fakeBridge, IpcFailure, type FakeBridge } from '../../../../support/fake-bridge';

const term = (n: number, decision: RedactionReviewTermView['decision'] = null): RedactionReviewTermView => ({
  kind: 'person',
  term: `name ${n}`,
  text: `Name ${n}`,
  suggested: `[Person ${n}]`,
  count: 2,
  interviews: 1,
  decision,
  possible: false,
  reason: null,
  examples: [],
});
const kinds = { participant: 0, person: 0, email: 0, phone: 0, url: 0, postcode: 0, number: 0, custom: 0, address: 0, dob: 0, id: 0, handle: 0 };
const page = (total: number, offset: number, limit: number, decision: RedactionReviewTermView['decision'] = null): RedactionReviewPage => ({
  terms: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => term(offset + i, decision)),
  total_terms: total,
  counts_by_kind: { ...kinds, person: total },
  counts_by_decision: { accept: decision === 'accept' ? total : 0, reject: decision === 'reject' ? total : 0, undecided: decision ? 0 : total },
  possible_terms: 0,
  all_terms: total,
  interviews_with_findings: 3,
  interviews: 5,
  warning: null,
});

let bridge: FakeBridge;
beforeEach(() => {
  bridge = fakeBridge();
  vi.stubGlobal('window', { fieldwork: bridge.api });
  useRedaction.setState({ key: null, status: 'idle', meta: null, items: [], error: null, scanning: null, saving: {}, terms: [] });
  bridge.answer('interviews.list', () => ({ items: [], total: 5 }));
  bridge.answer('redaction.decisions', () => ({ decisions: [], terms: [] }));
});
afterEach(() => vi.unstubAllGlobals());
const open = () => useRedaction.getState().open({ workspaceId: 'w1', projectId: 'p1' });

describe('redaction store', () => {
  it('asks for the possible terms only when that filter is on (and the bulk decision follows it)', async () => {
    bridge.answer('redaction.review', (i) => page(3, i.offset ?? 0, i.limit ?? 100));
    bridge.answer('redaction.decideAll', () => ({ decided: 3 }));
    await open();
    const changes = useRedaction.getState().changes;
    await useRedaction.getState().setFilter({ query: '', possible: true });
    // A filter changes nothing an export does; a decision does (the per-interview counts are read again on it).
    expect(useRedaction.getState().changes).toBe(changes);
    await useRedaction.getState().decideAll('accept');
    expect(useRedaction.getState().changes).toBe(changes + 1);
    await useRedaction.getState().setFilter({ query: '', possible: false });
    expect(bridge.inputs('redaction.review').map((i) => i.possible ?? null)).toEqual([null, true, true, null]);
    expect(bridge.inputs('redaction.decideAll')[0]!.filter).toEqual({ possible: true });
  });

  it('reads the review a page at a time, the filters kept for the next page', async () => {
    bridge.answer('redaction.review', (i) => page(250, i.offset ?? 0, i.limit ?? 100));
    await open();
    expect(useRedaction.getState().items).toHaveLength(TERM_PAGE);
    await useRedaction.getState().setFilter({ kind: 'person', decision: 'undecided', query: ' jo ' });
    await useRedaction.getState().loadMore();
    await useRedaction.getState().loadMore();
    expect(useRedaction.getState().items.map((t) => t.term)).toEqual(Array.from({ length: 250 }, (_, i) => `name ${i}`));
    expect(bridge.inputs('redaction.review').map((i) => [i.offset, i.limit, i.kind ?? null, i.decision ?? null, i.query ?? null])).toEqual([
      [0, 100, null, null, null],
      [0, 100, 'person', 'undecided', 'jo'],
      [100, 100, 'person', 'undecided', 'jo'],
      [200, 100, 'person', 'undecided', 'jo'],
    ]);
    expect(useRedaction.getState().scanning).toBe(5);
  });

  it('shows a decision at once, moves the counts, and puts it back with a toast when main refuses it', async () => {
    bridge.answer('redaction.review', (i) => page(3, i.offset ?? 0, i.limit ?? 100));
    bridge.answer('redaction.decide', (i) => ({ kind: i.kind, term: i.text.toLowerCase(), decision: i.decision!, decided_at: 't' }));
    await open();
    const pending = useRedaction.getState().decide(term(1), 'reject');
    expect(useRedaction.getState().items[1]!.decision).toBe('reject');
    await pending;
    expect(useRedaction.getState().meta!.counts_by_decision).toEqual({ accept: 0, reject: 1, undecided: 2 });
    expect(bridge.inputs('redaction.decide')).toEqual([{ workspace_id: 'w1', project_id: 'p1', kind: 'person', text: 'Name 1', decision: 'reject' }]);

    bridge.answer('redaction.decide', () => {
      throw new IpcFailure('io', 'The study’s saved data could not be written.');
    });
    await useRedaction.getState().decide(useRedaction.getState().items[2]!, 'accept');
    expect(useRedaction.getState().items[2]!.decision).toBe(null);
    expect(useRedaction.getState().saving).toEqual({});
  });

  it('a page read already on its way when a decision is made does not undo it, and the counts are read again', async () => {
    bridge.answer('redaction.review', (i) => page(3, i.offset ?? 0, i.limit ?? 100));
    bridge.answer('redaction.decide', (i) => ({ kind: i.kind, term: i.text.toLowerCase(), decision: i.decision!, decided_at: 't' }));
    await open();
    const slow = deferred<RedactionReviewPage>();
    bridge.answer('redaction.review', () => slow.promise);
    const reading = useRedaction.getState().setFilter({ query: 'name' });
    await useRedaction.getState().decide(term(0), 'accept');
    bridge.answer('redaction.review', (i) => ({ ...page(3, i.offset ?? 0, i.limit ?? 100), counts_by_decision: { accept: 1, reject: 0, undecided: 2 } }));
    slow.resolve(page(3, 0, 100)); // read before the decision was kept
    await reading;
    expect(useRedaction.getState().items.map((t) => t.decision)).toEqual(['accept', null, null]);
    await vi.waitFor(() => expect(useRedaction.getState().meta!.counts_by_decision).toEqual({ accept: 1, reject: 0, undecided: 2 }));
  });

  it('drops an answer for an older filter that arrives after the newer one', async () => {
    bridge.answer('redaction.review', (i) => page(3, i.offset ?? 0, i.limit ?? 100));
    await open();
    const slow = deferred<RedactionReviewPage>();
    bridge.answer('redaction.review', (i) => (i.kind === 'email' ? slow.promise : page(2, 0, 100)));
    const older = useRedaction.getState().setFilter({ kind: 'email', query: '' });
    await useRedaction.getState().setFilter({ query: '' });
    slow.resolve(page(40, 0, 100));
    await older;
    expect(useRedaction.getState()).toMatchObject({ status: 'ready', filter: { query: '' } });
    expect(useRedaction.getState().items).toHaveLength(2);
  });

  it('adds an own term and reads the list and the review again; a refusal reaches the form as a UiError', async () => {
    let terms = [] as { term: string; text: string; kind: 'custom'; added_at: string }[];
    bridge.answer('redaction.review', (i) => page(1, i.offset ?? 0, i.limit ?? 100));
    bridge.answer('redaction.decisions', () => ({ decisions: [], terms }));
    bridge.answer('redaction.addTerm', (i) => {
      if (i.text.length < 2) throw new IpcFailure('invalid_input', 'Too small: expected string to have >=2 characters');
      const t = { term: i.text.toLowerCase(), text: i.text, kind: 'custom' as const, added_at: 't' };
      terms = [...terms, t];
      return t;
    });
    await open();
    const before = bridge.inputs('redaction.review').length;
    await useRedaction.getState().addTerm('Acme');
    expect(useRedaction.getState().terms.map((t) => t.text)).toEqual(['Acme']);
    expect(bridge.inputs('redaction.review').length).toBe(before + 1);
    const err = await useRedaction
      .getState()
      .addTerm('A')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UiError);
    expect(err).toMatchObject({ code: 'invalid_input' });
  });

  it('decides every term the filters keep through one call, then reads the page again', async () => {
    let decision: RedactionReviewTermView['decision'] = null;
    bridge.answer('redaction.review', (i) => page(250, i.offset ?? 0, i.limit ?? 100, decision));
    bridge.answer('redaction.decideAll', (i) => {
      decision = i.decision;
      return { decided: 250 };
    });
    await open();
    await useRedaction.getState().setFilter({ kind: 'person', query: 'x' });
    expect(await useRedaction.getState().decideAll('reject')).toBe(250);
    expect(bridge.inputs('redaction.decideAll')).toEqual([
      { workspace_id: 'w1', project_id: 'p1', filter: { kind: 'person', query: 'x' }, decision: 'reject' },
    ]);
    expect(useRedaction.getState().items.every((t) => t.decision === 'reject')).toBe(true);
  });
});
