import { useEffect, useRef, useState } from 'react';
import { clearDraft, readDraft, writeDraft, type DraftKey } from './drafts';

type State<T> = { key: string; value: T | null; base: string | null; restored: boolean; kept: boolean };

const keyOf = (k: DraftKey) => `${k.workspaceId}\n${k.scope}\n${k.form}`;

function fromStorage<T>(key: DraftKey): State<T> {
  const d = readDraft<T>(key);
  return { key: keyOf(key), value: d?.value ?? null, base: d?.base ?? null, restored: d !== null, kept: true };
}

/**
 * An editor's edit, kept as a local draft as it changes (see drafts.ts). `value` is null while the editor is
 * not editing. `savedBase` is the fingerprint of the saved version as it is now; when it differs from the one
 * the edit started from, `changedUnderneath` says so (a sync changed it), and the edit is left as it is.
 */
export function useDraft<T>(key: DraftKey, savedBase: string) {
  const [state, setState] = useState<State<T>>(() => fromStorage<T>(key));
  // Another study or workspace in the same mounted editor: its own draft, not this one's.
  const current = state.key === keyOf(key) ? state : fromStorage<T>(key);
  if (current !== state) setState(current);
  // The latest state, so two changes in one event (a tag added and its input cleared) build on each other.
  const latest = useRef(current);
  latest.current = current;
  const put = (next: State<T>) => {
    latest.current = next;
    setState(next);
  };

  // A draft that could not be stored lives only in this window: closing or reloading asks first.
  const unkept = current.value !== null && !current.kept;
  useEffect(() => {
    if (!unkept) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unkept]);

  return {
    value: current.value,
    /** The edit came back from an earlier visit (another tab, study, reload or restart), not typed just now. */
    restored: current.restored && current.value !== null,
    changedUnderneath: current.value !== null && current.base !== null && current.base !== savedBase,
    /** False when this computer refused to keep the draft (storage full or disabled). */
    kept: current.kept,
    /** Starts editing from the saved version; nothing is stored until the edit changes. */
    start(value: T) {
      clearDraft(key);
      put({ key: keyOf(key), value, base: savedBase, restored: false, kept: true });
    },
    /**
     * The edit changed (a value, or a function of the edit so far): keep it as a draft, or, when it no
     * longer differs from the saved version (`differs` false), keep editing without a draft, so an
     * untouched form is never "restored".
     */
    change(next: T | ((prev: T | null) => T), differs: boolean | ((value: T) => boolean) = true) {
      const now = latest.current;
      const value = typeof next === 'function' ? (next as (prev: T | null) => T)(now.value) : next;
      const base = now.base ?? savedBase;
      let kept = true;
      if (typeof differs === 'function' ? differs(value) : differs) kept = writeDraft(key, value, base);
      else clearDraft(key);
      put({ key: keyOf(key), value, base, restored: now.restored, kept });
    },
    /** Saved, cancelled or discarded: the edit and its draft go. */
    end() {
      clearDraft(key);
      put({ key: keyOf(key), value: null, base: null, restored: false, kept: true });
    },
  };
}

export type DraftHandle<T> = ReturnType<typeof useDraft<T>>;
