import { useRef, useState } from 'react';
import { normaliseAllowList } from '../../../shared/allow-list';
import type { ProjectDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { LIMITS } from '../../../shared/schemas/limits';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { DraftNote } from '../../components/DraftNote';
import { fingerprint } from '../../lib/drafts';
import { useDraft } from '../../lib/use-draft';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';
import { useShare } from './store';

/** `original`: the row's value when the editor opened or last saved (null for a row added since), for Escape. */
type Row = { id: number; value: string; original: string | null };
type StoredRow = Omit<Row, 'id'>;

/**
 * One origin per row, checked as the researcher types with the same rules the service applies, and
 * showing the form it will be saved in. Unsaved rows are kept as a local draft (lib/drafts), so leaving the
 * tab or the study, reloading or closing loses nothing; Escape in a row puts that row back. A failed save
 * keeps every row as typed.
 */
export function AllowListEditor({ workspace, project, saved }: { workspace: WorkspaceSummary; project: ProjectDetail; saved: string[] | null }) {
  const saveAllowList = useShare((s) => s.saveAllowList);
  const baseline = saved ?? [];
  const draft = useDraft<StoredRow[]>({ workspaceId: workspace.id, scope: project.id, form: 'allow-list' }, fingerprint(baseline));
  const nextId = useRef(0);
  const withIds = (rs: StoredRow[]): Row[] => (rs.length ? rs : [{ value: '', original: null }]).map((r) => ({ ...r, id: nextId.current++ }));
  const fromList = (urls: string[]): Row[] => withIds(urls.map((value) => ({ value, original: value })));
  const [rows, setRowsState] = useState<Row[]>(() => (draft.value ? withIds(draft.value) : fromList(baseline)));
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<UiError | null>(null);
  const [refused, setRefused] = useState(0);
  const formRef = useFocusFirstInvalid(refused);

  const filled = rows.filter((r) => r.value.trim() !== '');
  const checked = normaliseAllowList(filled.map((r) => r.value));
  const resultFor = new Map(filled.map((r, i) => [r.id, { result: checked.entries[i]!, index: i }]));
  const rowNumberOfFilled = (i: number) => rows.findIndex((r) => r.id === filled[i]?.id) + 1;
  const differs = (rs: Row[]) => {
    const f = rs.filter((r) => r.value.trim() !== '');
    return f.length !== baseline.length || f.some((r, i) => r.value.trim() !== baseline[i]);
  };
  const dirty = differs(rows);
  const invalidCount = checked.entries.filter((e) => !e.ok).length;
  const tooMany = checked.origins.length > LIMITS.allowListMax;

  /** Every change goes through here, so the draft always matches the rows on screen. */
  const setRows = (f: (rs: Row[]) => Row[]) => {
    const next = f(rows);
    setRowsState(next);
    draft.change(
      next.map(({ value, original }) => ({ value, original })),
      differs(next),
    );
    setStatus('idle');
  };
  const update = (id: number, value: string) => setRows((rs) => rs.map((r) => (r.id === id ? { ...r, value } : r)));
  const remove = (id: number) =>
    setRows((rs) => {
      const left = rs.filter((r) => r.id !== id);
      return left.length ? left : [{ id: nextId.current++, value: '', original: null }];
    });
  /** Escape: the row as it was when the editor opened; a row added since goes. */
  const revert = (r: Row) => (r.original === null ? remove(r.id) : update(r.id, r.original));
  const add = () => {
    const id = nextId.current++;
    setRows((rs) => [...rs, { id, value: '', original: null }]);
    requestAnimationFrame(() => document.getElementById(`allow-${id}`)?.focus());
  };
  const discard = () => {
    setRowsState(fromList(baseline));
    draft.end();
    setStatus('idle');
    setError(null);
  };
  const save = async () => {
    if (status === 'saving') return;
    if (invalidCount > 0 || tooMany) {
      setRefused((n) => n + 1);
      return;
    }
    setStatus('saving');
    setError(null);
    try {
      // The store shows the saved list in the tab; the rows here take the form the service kept.
      const view = await saveAllowList(
        workspace.id,
        project.id,
        filled.map((r) => r.value.trim()),
      );
      setRowsState(fromList(view.allowed_urls ?? []));
      draft.end();
      setStatus('saved');
    } catch (e) {
      // Rows stay exactly as typed (and as a draft), so nothing is lost; the note says what to do.
      setError(UiError.from(e));
      setStatus('idle');
      setRefused((n) => n + 1);
    }
  };

  return (
    <form
      ref={formRef}
      className="allow-list"
      aria-label="Allow-list"
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
      <DraftNote
        restored={draft.restored}
        changedUnderneath={draft.changedUnderneath}
        kept={draft.kept}
        what="allow-list"
        onDiscard={discard}
        saved={
          baseline.length ? (
            <ul className="mono">
              {baseline.map((u, i) => (
                <li key={i}>{u}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">No websites are saved.</p>
          )
        }
      />
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
                onKeyDown={(e) => {
                  if (e.key !== 'Escape' || r.value === (r.original ?? '')) return;
                  e.preventDefault();
                  e.stopPropagation();
                  revert(r);
                }}
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
        <button type="submit" className="btn btn-primary" disabled={status === 'saving' || !dirty}>
          {status === 'saving' ? 'Saving…' : 'Save allow-list'}
        </button>
      </div>
      {error && <ErrorNote error={error} onRetry={() => void save()} retryLabel="Save again" />}
    </form>
  );
}
