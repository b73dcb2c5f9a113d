import type { AskedIn, SearchHitView } from '../../../shared/ipc/channels/search';
import { participantLabel } from '../../../shared/participant-code';
import { openProject } from '../../app/nav-store';
import { timecode } from '../../lib/timecode';
import { snippetPieces } from './snippet';
import type { AskedList } from './store';

/**
 * One result: who said it (or "Quote", "Highlight"), where, when, and the snippet with its matched words
 * marked. A question asked in several interviews says in how many; expanded, each of those interviews is
 * an option of its own (`asked`).
 */
export function SearchHit({
  hit: h,
  asked,
  expanded,
  askedList,
  index,
  id,
  active,
  opening,
  note,
  onActivate,
  onOpen,
  onClose,
}: {
  hit: SearchHitView;
  asked: AskedIn | undefined;
  expanded: boolean;
  /** An expanded question's full list of interviews, while it is fetched or if it failed. */
  askedList?: AskedList | undefined;
  index: number;
  id: string;
  active: boolean;
  opening: boolean;
  note: string | undefined;
  onActivate: () => void;
  onOpen: () => void;
  onClose: () => void;
}) {
  if (asked) {
    return (
      <li
        id={id}
        data-index={index}
        role="option"
        aria-selected={active}
        className={`search-hit search-hit-asked ${active ? 'is-active' : ''}`}
        onMouseMove={onActivate}
        onClick={onOpen}
      >
        <span className="search-hit-where">Asked of {participantLabel(asked.code, asked.participant_name) || 'an unnamed participant'}</span>
        <span className="search-hit-time num">{asked.start_ms != null ? timecode(asked.start_ms) : 'time unknown'}</span>
      </li>
    );
  }
  const n = h.asked_count ?? h.asked_in?.length ?? 0;
  return (
    <li
      id={id}
      data-index={index}
      role="option"
      aria-selected={active}
      className={`search-hit ${active ? 'is-active' : ''}`}
      onMouseMove={onActivate}
      onClick={onOpen}
    >
      <div className="search-hit-meta">
        {h.kind === 'quote' ? (
          <span className="search-role search-role-quote">Quote</span>
        ) : h.kind === 'highlight' ? (
          <span className="search-role search-role-highlight">Highlight</span>
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
          {h.kind === 'quote'
            ? ' · report'
            : h.kind === 'question'
              ? ` · asked in ${n} interviews`
              : ` · ${participantLabel(h.code, h.participant_name) || 'Participant'}`}
        </span>
        {h.kind !== 'question' && h.start_ms != null && <span className="search-hit-time num">{timecode(h.start_ms)}</span>}
      </div>
      <p className={`search-snippet ${h.role === 'AI' && h.kind !== 'highlight' ? 'is-ai' : ''}`}>
        {snippetPieces(h.snippet).map((p, j) => (p.marked ? <mark key={j}>{p.text}</mark> : <span key={j}>{p.text}</span>))}
      </p>
      {h.kind === 'highlight' && (h.tags?.length ?? 0) > 0 && <p className="search-hit-tags muted">Codes: {h.tags!.join(', ')}</p>}
      {h.kind === 'question' && <p className="muted search-hit-note">{expanded ? `Listed below. Enter hides them.` : `Enter lists the ${n} interviews.`}</p>}
      {h.kind === 'question' && expanded && askedList?.status === 'loading' && (
        <p className="muted search-hit-note">
          Listing all {n} interviews (the first {h.asked_in?.length ?? 0} are below)…
        </p>
      )}
      {h.kind === 'question' && expanded && askedList?.status === 'error' && (
        <p className="search-hit-note">
          Only the first {h.asked_in?.length ?? 0} of the {n} interviews are listed: {askedList.error.message} Enter twice tries again.
        </p>
      )}
      {opening && <p className="muted search-hit-note">Finding the moment…</p>}
      {note && (
        <p className="search-hit-note">
          {note}{' '}
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
  );
}
