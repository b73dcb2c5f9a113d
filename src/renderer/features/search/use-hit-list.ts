import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { AskedIn, SearchHitView } from '../../../shared/ipc/channels/search';
import { openInterview } from '../../app/nav-store';
import { UiError } from '../../lib/api';
import { snippetText } from './snippet';
import { useSearch, type AskedList } from './store';

/** One option of the listbox: a hit, or one interview that asked an expanded question (`asked`). */
export type HitRow = { hit: SearchHitView; hitIndex: number; asked?: AskedIn };

/**
 * The hits as options, each expanded question followed by the interviews that asked it: all of them once
 * listed (`asked`), the hit's first page until then.
 */
export function hitRows(hits: SearchHitView[], expanded: ReadonlySet<number>, asked: Readonly<Record<number, AskedList>> = {}): HitRow[] {
  return hits.flatMap((hit, hitIndex) => {
    if (hit.kind !== 'question' || !expanded.has(hitIndex)) return [{ hit, hitIndex }];
    const list = asked[hitIndex];
    const all = list?.status === 'ready' ? list.asked_in : (hit.asked_in ?? []);
    return [{ hit, hitIndex }, ...all.map((a) => ({ hit, hitIndex, asked: a }))];
  });
}

/**
 * The results listbox driven from the input: the active option (↑/↓, the mouse), opening a hit at its
 * moment (Enter, a click), a question asked in several interviews expanding to list them (Enter again on
 * one opens it), and a note under a report quote that could not be found. A new answer starts over.
 */
export function useHitList({
  workspaceId,
  hits,
  answers,
  inputRef,
  onClose,
}: {
  workspaceId: string;
  hits: SearchHitView[];
  answers: number;
  inputRef: RefObject<HTMLInputElement | null>;
  onClose: () => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const [opening, setOpening] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // A new answer: first hit active, no notes, nothing expanded (adjusted while rendering, so the old ones never show with it).
  const [seen, setSeen] = useState(answers);
  if (seen !== answers) {
    setSeen(answers);
    setActive(0);
    setNotes({});
    setExpanded(new Set());
  }
  const asked = useSearch((s) => s.asked);
  const rows = hitRows(hits, expanded, asked);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const open = async (r: number) => {
    const row = rows[r];
    if (!row) return;
    const { hit, hitIndex: i, asked } = row;
    if (asked) {
      onClose();
      openInterview(hit.project_id, asked.interview_id, asked.start_ms);
      return;
    }
    if (hit.kind === 'question') {
      if (!expanded.has(i)) void useSearch.getState().listAskedIn(workspaceId, i, hit);
      setExpanded((prev) => {
        const next = new Set(prev);
        if (next.has(i)) next.delete(i);
        else next.add(i);
        return next;
      });
      return;
    }
    if ((hit.kind === 'turn' || hit.kind === 'highlight') && hit.interview_id) {
      onClose();
      openInterview(hit.project_id, hit.interview_id, hit.start_ms);
      return;
    }
    // A report quote: find the turn it was taken from, then open that moment.
    setOpening(i);
    try {
      const text = snippetText(hit.snippet);
      const at = text ? await useSearch.getState().locateQuote(workspaceId, hit.project_id, text) : null;
      if (at) {
        onClose();
        openInterview(hit.project_id, at.interview_id, at.start_ms);
      } else setNotes((n) => ({ ...n, [i]: 'This quote was not found in the saved transcripts.' }));
    } catch (e) {
      setNotes((n) => ({ ...n, [i]: UiError.from(e).message }));
    } finally {
      setOpening(null);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    // The study and speaker pickers keep their own arrow keys.
    if (e.target instanceof HTMLSelectElement) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(rows.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter' && e.target === inputRef.current) {
      e.preventDefault();
      void open(active);
    }
  };

  return { listRef, rows, active, setActive, notes, opening, expanded, asked, open, onKeyDown };
}
