import { useId, useState, type FormEvent } from 'react';
import { CODE_PALETTE } from '../../../shared/analysis/codebook';
import type { CodeView } from '../../../shared/ipc/channels/codes';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { CodeSegments } from './CodeSegments';
import { CodeOptions, DefinitionField, DeleteDialog, MergeDialog } from './CodeDialogs';
import { useCodes, useOpenCodebook } from './store';
import { FIELD_CODES, plural } from './words';
type Field = 'name' | 'color' | 'description' | 'parent';

/** One code (or category): rename, recolour, define, move between categories, merge, delete; then its segments. */
export function CodeDetail({ code, projectId }: { code: CodeView; projectId: string }) {
  const codes = useOpenCodebook().codes;
  const update = useCodes((s) => s.update);
  const [name, setName] = useState(code.name);
  const [description, setDescription] = useState(code.description);
  const [errors, setErrors] = useState<Partial<Record<Field | 'other', UiError>>>({});
  const [busy, setBusy] = useState<Field | null>(null);
  const [saved, setSaved] = useState<Field | null>(null);
  const [dialog, setDialog] = useState<'merge' | 'delete' | null>(null);
  const id = useId();
  const categories = codes.filter((c) => c.is_category && c.id !== code.id);

  /** Sends one change; a refusal is said at the field that caused it, and what was typed stays. */
  const save = async (field: Field, patch: Parameters<typeof update>[1]) => {
    setBusy(field);
    setSaved(null);
    setErrors((e) => ({ ...e, [field]: undefined, other: undefined }));
    try {
      await update(code.id, patch);
      setSaved(field);
    } catch (err) {
      const e = UiError.from(err);
      setErrors((prev) => (FIELD_CODES.has(e.code) ? { ...prev, [field]: e } : { ...prev, other: e }));
    } finally {
      setBusy(null);
    }
  };
  const rename = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setErrors((p) => ({ ...p, name: new UiError('invalid_input', 'Give the code a name.') }));
    if (name.trim() === code.name) return;
    void save('name', { name: name.trim() });
  };
  const fieldError = (f: Field) =>
    errors[f] ? (
      <p id={`${id}-${f}-error`} className="field-error" role="alert">
        {errors[f].message}
      </p>
    ) : null;
  const described = (f: Field) => (errors[f] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${f}-error` } : {});

  return (
    <section className="cd-detail" aria-labelledby={`${id}-title`}>
      <header className="cd-detail-head">
        <span className="cd-swatch cd-swatch-large" style={{ background: code.color }} aria-hidden="true" />
        <h2 id={`${id}-title`} className="cd-detail-title">
          {code.name}
        </h2>
        <span className="muted num">
          {code.is_category
            ? `category · ${plural(codes.filter((c) => c.parent_id === code.id).length, 'code')}`
            : `${plural(code.codings, 'coding')} in ${plural(code.interviews, 'interview')}`}
        </span>
        <div className="cd-detail-actions row-8">
          <button type="button" className="btn btn-small" onClick={() => setDialog('merge')}>
            Merge into…
          </button>
          <button type="button" className="btn btn-small btn-danger" onClick={() => setDialog('delete')}>
            Delete…
          </button>
        </div>
      </header>

      <details className="cd-edit" open={code.codings === 0 || undefined}>
        <summary>Name, colour, definition{code.is_category ? '' : ', category'}</summary>
        <div className="cd-edit-grid">
          <form className="field" onSubmit={rename} noValidate>
            <label htmlFor={`${id}-name`}>Name</label>
            <div className="row-8">
              <input id={`${id}-name`} className="input" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} {...described('name')} />
              <button type="submit" className="btn btn-small" disabled={busy === 'name' || name.trim() === code.name}>
                Rename
              </button>
            </div>
            {fieldError('name')}
          </form>

          <div className="field" role="group" aria-labelledby={`${id}-color-label`}>
            <span id={`${id}-color-label`} className="cd-label">
              Colour
            </span>
            <div className="cd-palette">
              <input
                type="color"
                aria-label="Any colour"
                value={code.color}
                onChange={(e) => void save('color', { color: e.target.value })}
                {...described('color')}
              />
              {CODE_PALETTE.map((c) => (
                <button
                  key={c}
                  type="button"
                  className="cd-palette-swatch"
                  style={{ background: c }}
                  aria-label={`Colour ${c}`}
                  aria-pressed={code.color.toLowerCase() === c}
                  onClick={() => void save('color', { color: c })}
                />
              ))}
            </div>
            {fieldError('color')}
          </div>

          <DefinitionField id={`${id}-desc`} value={description} onChange={(e) => setDescription(e.target.value)} described={described('description')}>
            <div className="row-8">
              <button
                type="button"
                className="btn btn-small"
                disabled={busy === 'description' || description === code.description}
                onClick={() => void save('description', { description })}
              >
                Save definition
              </button>
              {saved === 'description' && description === code.description && (
                <span className="muted" role="status">
                  Saved
                </span>
              )}
            </div>
            {fieldError('description')}
          </DefinitionField>

          {!code.is_category && (
            <div className="field">
              <label htmlFor={`${id}-parent`}>Category</label>
              <select
                id={`${id}-parent`}
                className="input"
                value={code.parent_id ?? ''}
                disabled={busy === 'parent'}
                onChange={(e) => void save('parent', { parent_id: e.target.value || null })}
                {...described('parent')}
              >
                <option value="">No category</option>
                <CodeOptions codes={categories} />
              </select>
              {fieldError('parent')}
            </div>
          )}
        </div>
        {errors.other && <ErrorNote error={errors.other} />}
      </details>

      {code.is_category ? (
        <p className="muted">A category groups codes; it is not applied to segments. Open one of its codes to see its segments.</p>
      ) : (
        <CodeSegments code={code} projectId={projectId} />
      )}
      {dialog === 'merge' && <MergeDialog code={code} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteDialog code={code} onClose={() => setDialog(null)} />}
    </section>
  );
}
