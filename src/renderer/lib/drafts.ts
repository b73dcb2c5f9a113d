/**
 * Local drafts: what a researcher typed in an editor and has not saved yet, kept on this computer so that
 * switching tab or study, reloading or closing the window never loses it. One mechanism for every editor
 * (guide, new study, highlight, allow-list): each is keyed by workspace, study (or another scope such as
 * "new") and form. localStorage is enough: drafts belong to this renderer, are small, and survive a restart.
 *
 * A draft remembers the saved version it started from (`base`, a fingerprint the editor chooses), so the
 * editor can say when a sync changed the saved version underneath; the draft itself is never overwritten.
 */

export type DraftKey = { workspaceId: string; scope: string; form: string };
export type Draft<T> = { value: T; base: string; savedAt: number };

const PREFIX = 'fieldwork.draft.v1';

/** The storage behind the drafts; a parameter so tests can give a Map-backed one. */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const storageKey = (k: DraftKey) => `${PREFIX}:${encodeURIComponent(k.workspaceId)}:${encodeURIComponent(k.scope)}:${encodeURIComponent(k.form)}`;

const defaultStorage = (): DraftStorage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** The draft kept for this editor, or null. A draft that can't be read is left in place (not deleted), and not used. */
export function readDraft<T>(key: DraftKey, storage: DraftStorage | null = defaultStorage()): Draft<T> | null {
  const raw = storage?.getItem(storageKey(key));
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<Draft<T>>;
    if (d === null || typeof d !== 'object' || !('value' in d) || typeof d.base !== 'string') return null;
    return { value: d.value as T, base: d.base, savedAt: typeof d.savedAt === 'number' ? d.savedAt : 0 };
  } catch {
    return null;
  }
}

/**
 * Keeps the draft. Returns false when this computer refused to store it (storage full or disabled), so the
 * editor can say the edit is only in the window.
 */
export function writeDraft<T>(key: DraftKey, value: T, base: string, storage: DraftStorage | null = defaultStorage(), now = Date.now()): boolean {
  if (!storage) return false;
  try {
    storage.setItem(storageKey(key), JSON.stringify({ value, base, savedAt: now } satisfies Draft<T>));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(key: DraftKey, storage: DraftStorage | null = defaultStorage()): void {
  try {
    storage?.removeItem(storageKey(key));
  } catch {
    // Nothing to do: a draft that can't be removed is offered again, and Discard can be pressed again.
  }
}

/** A stable fingerprint of a saved version, to tell later whether it changed. */
export const fingerprint = (value: unknown): string => JSON.stringify(value) ?? '';
