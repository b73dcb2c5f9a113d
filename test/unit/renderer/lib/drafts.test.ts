import { describe, expect, it } from 'vitest';
import { clearDraft, fingerprint, readDraft, writeDraft, type DraftKey, type DraftStorage } from '../../../../src/renderer/lib/drafts';

const memory = (): DraftStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
};
const guide: DraftKey = { workspaceId: 'w1', scope: 'p1', form: 'guide' };

describe('local drafts', () => {
  it('keeps a draft with the saved version it started from, and clears it', () => {
    const s = memory();
    expect(writeDraft(guide, { title: 'Draft title' }, 'base-1', s, 42)).toBe(true);
    expect(readDraft(guide, s)).toEqual({ value: { title: 'Draft title' }, base: 'base-1', savedAt: 42 });
    clearDraft(guide, s);
    expect(readDraft(guide, s)).toBeNull();
  });

  it('keys by workspace, study and form, so no draft shows in another', () => {
    const s = memory();
    writeDraft(guide, 'a', '', s);
    expect(readDraft({ ...guide, workspaceId: 'w2' }, s)).toBeNull();
    expect(readDraft({ ...guide, scope: 'p2' }, s)).toBeNull();
    expect(readDraft({ ...guide, form: 'allow-list' }, s)).toBeNull();
    // Separators inside ids cannot make two keys collide.
    writeDraft({ workspaceId: 'a:b', scope: 'c', form: 'f' }, 'x', '', s);
    expect(readDraft({ workspaceId: 'a', scope: 'b:c', form: 'f' }, s)).toBeNull();
  });

  it('says so when this computer refuses to keep it (storage full)', () => {
    const s = memory();
    s.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(writeDraft(guide, 'a', '', s)).toBe(false);
    expect(writeDraft(guide, 'a', '', null)).toBe(false);
  });

  it('ignores, but does not delete, a stored draft it cannot read', () => {
    const s = memory();
    writeDraft(guide, 'a', '', s);
    const [k] = [...s.map.keys()];
    s.map.set(k!, '{not json');
    expect(readDraft(guide, s)).toBeNull();
    s.map.set(k!, JSON.stringify({ value: 'a' }));
    expect(readDraft(guide, s)).toBeNull();
    expect(s.map.size).toBe(1);
  });

  it('fingerprints tell a changed saved version from the same one', () => {
    expect(fingerprint({ a: 1, b: ['x'] })).toBe(fingerprint({ a: 1, b: ['x'] }));
    expect(fingerprint({ a: 1, b: ['x'] })).not.toBe(fingerprint({ a: 1, b: ['y'] }));
    expect(fingerprint(undefined)).toBe('');
  });
});
