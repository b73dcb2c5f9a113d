import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SearchHitView } from '../../../shared/ipc/channels/search';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { ErrorNote } from '../../components/ErrorNote';
import { openInterview, openProject } from '../../app/nav-store';
import { api, call, UiError } from '../../lib/api';
import { EMPTY, useProjects } from '../projects/store';
import { timecode } from '../../lib/timecode';
import { snippetPieces, snippetText } from './snippet';
import './search.css';

const DEBOUNCE_MS = 160;
const LIMIT = 60;

type Role = '' | 'User' | 'AI';
type Results =
  | { status: 'idle' }
  | { status: 'loading'; hits: SearchHitView[] }
  | { status: 'ready'; hits: SearchHitView[]; query: string }
  | { status: 'error'; error: UiError; hits: SearchHitView[] };

/** The query, filters and results survive closing the palette, so reopening it picks up where it was. */
const remembered = { query: '', projectId: '', role: '' as Role };

/**
 * Ctrl/Cmd+K: full-text search over every saved transcript turn and report quote of the workspace. It
 * reads the offline cache only, so it works without a network. Results are a listbox driven from the
 * input (↑/↓ move, Enter opens the moment, Escape closes).
 */
export function SearchPalette({ workspace, onClose }: { workspace: WorkspaceSummary; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const projects = useProjects((s) => s.byWorkspace[workspace.id] ?? EMPTY).items;
  const [query, setQuery] = useState(remembered.query);
  const [projectId, setProjectId] = useState(remembered.projectId);
  const [role, setRole] = useState<Role>(remembered.role);
  const [results, setResults] = useState<Results>({ status: 'idle' });
  const [active, setActive] = useState(0);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const [opening, setOpening] = useState<number | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!d.open) d.showModal();
    inputRef.current?.select();
    return () => opener?.focus?.();
  }, []);

  useEffect(() => {
    Object.assign(remembered, { query, projectId, role });
    const q = query.trim();
    if (!q) {
      setResults({ status: 'idle' });
      return;
    }
    let live = true;
    setResults((r) => ({ status: 'loading', hits: 'hits' in r ? r.hits : [] }));
    const h = setTimeout(() => {
      call(
        api().search.query({ workspace_id: workspace.id, query: q, limit: LIMIT, ...(projectId ? { project_id: projectId } : {}), ...(role ? { role } : {}) }),
      )
        .then((hits) => {
          if (!live) return;
          setResults({ status: 'ready', hits, query: q });
          setActive(0);
          setNotes({});
        })
        .catch((e: unknown) => live && setResults({ status: 'error', error: UiError.from(e), hits: [] }));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(h);
    };
  }, [query, projectId, role, workspace.id]);

  const hits = 'hits' in results ? results.hits : [];

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const open = async (i: number) => {
    const hit = hits[i];
    if (!hit) return;
    if (hit.kind === 'turn' && hit.interview_id) {
      onClose();
      openInterview(hit.project_id, hit.interview_id, hit.start_ms);
      return;
    }
    // A report quote: find the turn it was taken from, then open that moment.
    setOpening(i);
    try {
      const text = snippetText(hit.snippet);
      const at = text ? await call(api().search.locateQuote({ workspace_id: workspace.id, project_id: hit.project_id, quote: text.slice(0, 2000) })) : null;
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

  const onKey = (e: KeyboardEvent) => {
    // The study and speaker pickers keep their own arrow keys.
    if (e.target instanceof HTMLSelectElement) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(hits.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter' && e.target === inputRef.current) {
      e.preventDefault();
      void open(active);
    }
  };

  const listId = `${id}-results`;
  const optionId = (i: number) => `${id}-hit-${i}`;
  return (
    <dialog
      ref={ref}
      className="dialog search-palette"
      aria-label="Search"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (e.target === ref.current) onClose();
      }}
      onKeyDown={onKey}
    >
      <div className="search-box">
        <span className="search-icon" aria-hidden="true">
          ⌕
        </span>
        <input
          ref={inputRef}
          className="search-input"
          // Not type=search: Chromium spends Escape on clearing such a field, and Escape must close the palette.
          type="text"
          role="combobox"
          aria-label="Search transcripts and report quotes"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={hits.length ? optionId(active) : undefined}
          aria-autocomplete="list"
          placeholder="Search every saved transcript and report quote…"
          value={query}
          maxLength={500}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="button" className="btn btn-ghost btn-small" aria-label="Close" title="Close (Esc)" onClick={onClose}>
          <kbd className="kbd">Esc</kbd>
        </button>
      </div>
      <div className="search-filters">
        <label className="search-filter">
          <span>Study</span>
          <select className="input" value={projectId} onChange={(e) => setProjectId(e.target.value)}>
            <option value="">All studies</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title || 'Untitled study'}
              </option>
            ))}
          </select>
        </label>
        <label className="search-filter">
          <span>Speaker</span>
          <select className="input" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            <option value="">Anyone, and report quotes</option>
            <option value="User">Participants</option>
            <option value="AI">AI interviewer</option>
          </select>
        </label>
        <span className="search-status muted num" aria-live="polite">
          {results.status === 'loading' && <span className="spinner" aria-hidden="true" />}
          {results.status === 'ready' && `${hits.length === LIMIT ? `${LIMIT}+` : hits.length} result${hits.length === 1 ? '' : 's'}`}
        </span>
      </div>
      <div className="search-results">
        {results.status === 'idle' && (
          <div className="search-empty">
            <p>Search the words people said across every saved interview and report quote in {workspace.name}.</p>
            <p className="muted">It reads the data saved on this computer, so it works offline. Use "quotes" for an exact phrase.</p>
          </div>
        )}
        {results.status === 'error' && <ErrorNote error={results.error} />}
        {results.status === 'ready' && hits.length === 0 && (
          <div className="search-empty">
            <p>
              No matches for <strong>“{results.query}”</strong>
              {projectId || role ? ' with these filters' : ''}.
            </p>
            <p className="muted">
              Try fewer or shorter words{projectId || role ? ', or clear the filters' : ''}. Only interviews synced to this computer are searched.
            </p>
          </div>
        )}
        {hits.length > 0 && (
          <ul ref={listRef} id={listId} role="listbox" aria-label="Results" className={`search-list ${results.status === 'loading' ? 'is-stale' : ''}`}>
            {hits.map((h, i) => (
              <li
                key={`${h.kind}-${h.interview_id ?? ''}-${h.start_ms ?? ''}-${i}`}
                id={optionId(i)}
                data-index={i}
                role="option"
                aria-selected={i === active}
                className={`search-hit ${i === active ? 'is-active' : ''}`}
                onMouseMove={() => setActive(i)}
                onClick={() => void open(i)}
              >
                <div className="search-hit-meta">
                  {h.kind === 'quote' ? (
                    <span className="search-role search-role-quote">Quote</span>
                  ) : (
                    <span className={`search-role ${h.role === 'AI' ? 'search-role-ai' : ''}`} title={h.role === 'AI' ? 'AI interviewer' : 'Participant'}>
                      {h.role === 'AI' ? (
                        'AI'
                      ) : (
                        <>
                          <span aria-hidden="true">P</span>
                          <span className="visually-hidden">Participant</span>
                        </>
                      )}
                    </span>
                  )}
                  <span className="search-hit-where">
                    {h.project_title || 'Untitled study'}
                    {h.kind === 'quote' ? ' · report' : ` · ${h.participant_name || 'Participant'}`}
                  </span>
                  {h.start_ms != null && <span className="search-hit-time num">{timecode(h.start_ms)}</span>}
                </div>
                <p className={`search-snippet ${h.role === 'AI' ? 'is-ai' : ''}`}>
                  {snippetPieces(h.snippet).map((p, j) => (p.marked ? <mark key={j}>{p.text}</mark> : <span key={j}>{p.text}</span>))}
                </p>
                {opening === i && <p className="muted search-hit-note">Finding the moment…</p>}
                {notes[i] && (
                  <p className="search-hit-note">
                    {notes[i]}{' '}
                    <button
                      type="button"
                      className="btn-link"
                      onClick={(e) => {
                        e.stopPropagation();
                        onClose();
                        openProject(h.project_id, 'report');
                      }}
                    >
                      Open the report
                    </button>
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <footer className="search-foot muted">
        <span>
          <kbd className="kbd">↑</kbd> <kbd className="kbd">↓</kbd> move
        </span>
        <span>
          <kbd className="kbd">Enter</kbd> open at that moment
        </span>
        <span>
          <kbd className="kbd">Esc</kbd> close
        </span>
      </footer>
    </dialog>
  );
}
