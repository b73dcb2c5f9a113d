import { useState } from 'react';
import type { CodeView } from '../../../shared/ipc/channels/codes';
import { NewCodeDialog } from './CodeDialogs';
import { useCodes, useOpenCodebook } from './store';
import { plural } from './words';

function CodeRow({ code, nested }: { code: CodeView; nested: boolean }) {
  const selected = useCodes((s) => s.selectedId === code.id);
  const select = useCodes((s) => s.select);
  const countsId = `cd-counts-${code.id}`;
  return (
    <li>
      <button
        type="button"
        className={`cd-row ${nested ? 'cd-row-nested' : ''} ${code.is_category ? 'cd-row-category' : ''}`}
        aria-current={selected ? 'true' : undefined}
        aria-label={code.is_category ? `${code.name} (category)` : code.name}
        aria-describedby={countsId}
        onClick={() => void select(code.id)}
      >
        <span className="cd-swatch" style={{ background: code.color }} aria-hidden="true" />
        <span className="cd-row-name">{code.name}</span>
        <span
          id={countsId}
          className="cd-row-counts num muted"
          title={code.is_category ? undefined : `${plural(code.codings, 'coding')} in ${plural(code.interviews, 'interview')}`}
        >
          {code.is_category ? 'category' : `${code.codings} · ${code.interviews}`}
          <span className="visually-hidden">{code.is_category ? '' : ` (${plural(code.codings, 'coding')} in ${plural(code.interviews, 'interview')})`}</span>
        </span>
      </button>
    </li>
  );
}

/** The codebook as a list: each category followed by its codes, then the codes in no category. */
export function Codebook() {
  const codes = useOpenCodebook().codes;
  const [creating, setCreating] = useState<'code' | 'category' | null>(null);
  const categories = codes.filter((c) => c.is_category);
  const ids = new Set(categories.map((c) => c.id));
  const loose = codes.filter((c) => !c.is_category && (!c.parent_id || !ids.has(c.parent_id)));
  const codeCount = codes.length - categories.length;
  return (
    <nav className="cd-book" aria-label="Codebook">
      <div className="cd-book-head">
        <h2 className="cd-book-title">
          Codes <span className="num muted">{codeCount}</span>
        </h2>
        <div className="row-8">
          <button type="button" className="btn btn-small btn-primary" onClick={() => setCreating('code')}>
            New code
          </button>
          <button type="button" className="btn btn-small" onClick={() => setCreating('category')}>
            New category
          </button>
        </div>
      </div>
      <p className="cd-legend muted">Codings · interviews</p>
      <ul className="cd-list">
        {categories.map((cat) => (
          <li key={cat.id}>
            <ul className="cd-list" aria-label={`${cat.name} (category)`}>
              <CodeRow code={cat} nested={false} />
              {codes
                .filter((c) => c.parent_id === cat.id)
                .map((c) => (
                  <CodeRow key={c.id} code={c} nested />
                ))}
            </ul>
          </li>
        ))}
        {loose.map((c) => (
          <CodeRow key={c.id} code={c} nested={false} />
        ))}
      </ul>
      {creating && <NewCodeDialog kind={creating} categories={categories} onClose={() => setCreating(null)} />}
    </nav>
  );
}
