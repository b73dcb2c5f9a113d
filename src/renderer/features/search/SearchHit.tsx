import type { SearchHitView } from '../../../shared/ipc/channels/search';
import { openProject } from '../../app/nav-store';
import { timecode } from '../../lib/timecode';
import { snippetPieces } from './snippet';

/** One result: who said it (or "Quote"), where, when, and the snippet with its matched words marked. */
export function SearchHit({
  hit: h,
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
  index: number;
  id: string;
  active: boolean;
  opening: boolean;
  note: string | undefined;
  onActivate: () => void;
  onOpen: () => void;
  onClose: () => void;
}) {
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
