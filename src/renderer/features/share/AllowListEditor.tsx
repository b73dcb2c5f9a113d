import { useRef, useState } from 'react';
import { normaliseAllowList } from '../../../shared/allow-list';
import type { ProjectDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { LIMITS } from '../../../shared/schemas/limits';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { useShare } from './store';

type Row = { id: number; value: string };

/**
 * One origin per row, checked as the researcher types with the same rules the service applies, and
 * showing the form it will be saved in. A failed save keeps every row as typed.
 */
export function AllowListEditor({ workspace, project, saved }: { workspace: WorkspaceSummary; project: ProjectDetail; saved: string[] | null }) {
  const saveAllowList = useShare((s) => s.saveAllowList);
  const nextId = useRef(0);
  const toRows = (urls: string[]): Row[] => (urls.length ? urls : ['']).map((value) => ({ id: nextId.current++, value }));
  const [rows, setRows] = useState<Row[]>(() => toRows(saved ?? []));
  const [baseline, setBaseline] = useState<string[]>(saved ?? []);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<UiError | null>(null);

  const filled = rows.filter((r) => r.value.trim() !== '');
  const checked = normaliseAllowList(filled.map((r) => r.value));
  const resultFor = new Map(filled.map((r, i) => [r.id, { result: checked.entries[i]!, index: i }]));
  const rowNumberOfFilled = (i: number) => rows.findIndex((r) => r.id === filled[i]?.id) + 1;
  const dirty = filled.length !== baseline.length || filled.some((r, i) => r.value.trim() !== baseline[i]);
  const invalidCount = checked.entries.filter((e) => !e.ok).length;
  const tooMany = checked.origins.length > LIMITS.allowListMax;

  const update = (id: number, value: string) => {
    setRows((rs) => rs.map((r) => (r.id === id ? { ...r, value } : r)));
    setStatus('idle');
  };
  const remove = (id: number) => {
    setRows((rs) => {
      const left = rs.filter((r) => r.id !== id);
      return left.length ? left : [{ id: nextId.current++, value: '' }];
    });
    setStatus('idle');
  };
  const add = () => {
    const id = nextId.current++;
    setRows((rs) => [...rs, { id, value: '' }]);
    setStatus('idle');
    requestAnimationFrame(() => document.getElementById(`allow-${id}`)?.focus());
  };
  const save = async () => {
    if (invalidCount > 0 || tooMany || status === 'saving') return;
    setStatus('saving');
    setError(null);
    try {
      // The store shows the saved list in the tab; the rows here take the form the service kept.
      const view = await saveAllowList(
        workspace.id,
        project.id,
        filled.map((r) => r.value.trim()),
      );
      const list = view.allowed_urls ?? [];
      setRows(toRows(list));
      setBaseline(list);
      setStatus('saved');
    } catch (e) {
      // Rows stay exactly as typed, so nothing is lost; the note says what to do.
      setError(UiError.from(e));
      setStatus('idle');
    }
  };

  return (
    <form
      className="allow-list"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="muted">
        List each website (origin) that may embed this interview, one per row, such as <code className="mono">https://shop.example.com</code>. Paths are dropped
        and wildcards are not allowed: list each subdomain on its own row.
      </p>
      {filled.length === 0 && (
        <p className="banner banner-warning allow-empty" role="note">
          <strong>No websites listed.</strong> With an empty list, no website can embed this interview. The participant link still works.
        </p>
      )}
      <ol className="allow-rows">
        {rows.map((r, i) => {
          const entry = resultFor.get(r.id);
          const res = entry?.result;
          const msgId = `allow-${r.id}-msg`;
          return (
            <li key={r.id} className="allow-row">
              <span className="allow-n num muted" aria-hidden="true">
                {i + 1}
              </span>
              <input
                id={`allow-${r.id}`}
                className="input mono allow-input"
                value={r.value}
                placeholder="https://www.example.com"
                spellCheck={false}
                autoCapitalize="off"
                aria-label={`Allowed website ${i + 1}`}
                aria-invalid={res !== undefined && !res.ok}
                aria-describedby={msgId}
                onChange={(e) => update(r.id, e.target.value)}
              />
              <span id={msgId} className="allow-msg" data-testid={`allow-msg-${i + 1}`}>
                {res === undefined ? null : !res.ok ? (
                  <span className="field-error">{res.message}</span>
                ) : res.duplicateOf !== null ? (
                  <span className="allow-dup">Same as row {rowNumberOfFilled(res.duplicateOf)}; saved once.</span>
                ) : res.changed ? (
                  <span className="allow-ok">
                    <span aria-hidden="true">→ </span>
                    <span className="visually-hidden">Saved as </span>
                    <code className="mono">{res.origin}</code>
                  </span>
                ) : (
                  <span className="allow-ok">
                    <span aria-hidden="true">✓ </span>Valid
                  </span>
                )}
              </span>
              <button type="button" className="btn btn-ghost btn-small" aria-label={`Remove website ${i + 1}`} onClick={() => remove(r.id)}>
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      <div className="allow-actions">
        <button type="button" className="btn btn-small" onClick={add}>
          Add website
        </button>
        <span className="allow-spacer" />
        {invalidCount > 0 && (
          <span className="field-error" role="status">
            {invalidCount === 1 ? 'Fix the entry marked in red to save.' : `Fix the ${invalidCount} entries marked in red to save.`}
          </span>
        )}
        {tooMany && <span className="field-error">List at most {LIMITS.allowListMax} websites.</span>}
        {status === 'saved' && !dirty && (
          <span className="allow-saved" role="status">
            Saved.
          </span>
        )}
        <button type="submit" className="btn btn-primary" disabled={invalidCount > 0 || tooMany || status === 'saving' || !dirty}>
          {status === 'saving' ? 'Saving…' : 'Save allow-list'}
        </button>
      </div>
      {error && <ErrorNote error={error} onRetry={() => void save()} retryLabel="Save again" />}
    </form>
  );
}
