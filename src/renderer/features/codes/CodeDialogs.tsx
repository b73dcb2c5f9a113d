import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { ActionDialog, useDialogAction } from '../../components/ActionDialog';
import { Dialog } from '../../components/Dialog';
import type { CodeView } from '../../../shared/ipc/channels/codes';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { useCodes, useOpenCodebook } from './store';
import { FIELD_CODES, plural } from './words';

/** The <option>s of a code or category picker, one a code, by name. */
export function CodeOptions({ codes }: { codes: CodeView[] }) {
  return codes.map((c) => (
    <option key={c.id} value={c.id}>
      {c.name}
    </option>
  ));
}

/** A code's definition: what to type, in the new-code dialog and in a code's detail alike. */
export function DefinitionField({
  id,
  value,
  onChange,
  described,
  children,
}: {
  id: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLTextAreaElement>) => void;
  /** aria-invalid / aria-describedby when the field holds an error. */
  described?: Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'aria-invalid' | 'aria-describedby'>;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Definition</label>
      <textarea id={id} className="input cd-definition" rows={3} maxLength={5000} value={value} onChange={onChange} {...described} />
      {children}
    </div>
  );
}

/** A new code (optionally in a category) or a new category: name and definition; a refused name is said at the name. */
export function NewCodeDialog({ kind, categories, onClose }: { kind: 'code' | 'category'; categories: CodeView[]; onClose: () => void }) {
  const create = useCodes((s) => s.create);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [parent, setParent] = useState('');
  const { busy, error, setError, run } = useDialogAction(onClose);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(new UiError('invalid_input', kind === 'code' ? 'Give the code a name.' : 'Give the category a name.'));
    await run(() => create({ name: name.trim(), description, parent_id: kind === 'code' && parent ? parent : null, is_category: kind === 'category' }));
  };
  const atField = error && FIELD_CODES.has(error.code);
  return (
    <ActionDialog
      title={kind === 'code' ? 'New code' : 'New category'}
      onClose={onClose}
      action={{ label: kind === 'code' ? 'Create code' : 'Create category', className: 'btn-primary', disabled: busy, form: `${id}-form` }}
    >
      <form id={`${id}-form`} className="stack-12" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            maxLength={80}
            autoFocus
            aria-invalid={atField ? true : undefined}
            aria-describedby={atField ? `${id}-name-error` : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {atField && (
            <p id={`${id}-name-error`} className="field-error" role="alert">
              {error.message}
            </p>
          )}
        </div>
        {kind === 'code' && categories.length > 0 && (
          <div className="field">
            <label htmlFor={`${id}-parent`}>Category</label>
            <select id={`${id}-parent`} className="input" value={parent} onChange={(e) => setParent(e.target.value)}>
              <option value="">No category</option>
              <CodeOptions codes={categories} />
            </select>
          </div>
        )}
        <DefinitionField id={`${id}-desc`} value={description} onChange={(e) => setDescription(e.target.value)}>
          <p className="hint">When to apply it: what counts, and what does not.</p>
        </DefinitionField>
        {error && !atField && <ErrorNote error={error} />}
      </form>
    </ActionDialog>
  );
}

/** Merge: this code goes and its codings join the one chosen. Names the consequence. */
export function MergeDialog({ code, onClose }: { code: CodeView; onClose: () => void }) {
  const codes = useOpenCodebook().codes;
  const merge = useCodes((s) => s.merge);
  const targets = codes.filter((c) => c.id !== code.id && c.is_category === code.is_category);
  const [into, setInto] = useState(targets[0]?.id ?? '');
  const { busy, error, run } = useDialogAction(onClose);
  const id = useId();
  const target = targets.find((c) => c.id === into);
  const go = () => {
    if (target) void run(() => merge(code.id, target.id));
  };
  return (
    <ActionDialog
      title={`Merge “${code.name}”`}
      onClose={onClose}
      action={{ label: 'Merge', className: 'btn-primary', disabled: busy || !target, onAction: go }}
    >
      {targets.length === 0 ? (
        <p>There is no other {code.is_category ? 'category' : 'code'} to merge into.</p>
      ) : (
        <div className="stack-12">
          <div className="field">
            <label htmlFor={`${id}-into`}>Merge into</label>
            <select id={`${id}-into`} className="input" value={into} onChange={(e) => setInto(e.target.value)}>
              <CodeOptions codes={targets} />
            </select>
          </div>
          {target && (
            <p>
              {code.is_category
                ? `“${code.name}” goes; its codes move to “${target.name}”.`
                : `“${code.name}” goes; its ${plural(code.codings, 'coding')} join “${target.name}” (a segment coded with both keeps one coding).`}
            </p>
          )}
          {error && <ErrorNote error={error} />}
        </div>
      )}
    </ActionDialog>
  );
}

/** Delete, with the count of codings that go. */
export function DeleteDialog({ code, onClose }: { code: CodeView; onClose: () => void }) {
  const remove = useCodes((s) => s.remove);
  const { busy, error, run } = useDialogAction(onClose);
  return (
    <ActionDialog
      title={`Delete “${code.name}”`}
      onClose={onClose}
      action={{
        label: code.is_category ? 'Delete category' : `Delete code and ${plural(code.codings, 'coding')}`,
        className: 'btn-danger',
        disabled: busy,
        onAction: () => void run(() => remove(code.id)),
      }}
    >
      <p>
        {code.is_category
          ? `The category goes; its codes stay, in no category.`
          : code.codings === 0
            ? `“${code.name}” has no codings. Only the code goes.`
            : `${plural(code.codings, 'coding')} in ${plural(code.interviews, 'interview')} go with “${code.name}”. Your own highlights stay, with their notes, without this code.`}
      </p>
      {error && <ErrorNote error={error} />}
    </ActionDialog>
  );
}

/** A code's segments (as filtered) to CSV and/or Word, in a folder the researcher chooses. */
export function ExportSegmentsDialog({ code, filtered, onClose }: { code: CodeView; filtered: boolean; onClose: () => void }) {
  const ex = useCodes((s) => s.exporting);
  const chooseFolder = useCodes((s) => s.chooseExportFolder);
  const run = useCodes((s) => s.exportSegments);
  const showInFolder = useCodes((s) => s.showInFolder);
  const [csv, setCsv] = useState(true);
  const [docx, setDocx] = useState(true);
  const [participant, setParticipant] = useState(false);
  const formats = [...(csv ? (['csv'] as const) : []), ...(docx ? (['docx'] as const) : [])];
  const id = useId();
  return (
    <Dialog
      title={`Export “${code.name}”`}
      onClose={onClose}
      footer={
        <>
          {ex.status === 'done' && ex.result && (
            <button type="button" className="btn" onClick={() => void showInFolder(ex.result!.reveal)}>
              Show in folder
            </button>
          )}
          <button type="button" className="btn" onClick={onClose}>
            {ex.status === 'done' ? 'Close' : 'Cancel'}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!ex.folder || formats.length === 0 || ex.status === 'running'}
            onClick={() => void run([...formats], participant)}
          >
            {ex.status === 'running' ? 'Exporting…' : 'Export'}
          </button>
        </>
      }
    >
      <div className="stack-12">
        <p>
          {filtered
            ? 'The segments the filters show, with their interview, question, coder and time.'
            : 'Every segment of this code, with its interview, question, coder and time.'}
        </p>
        <fieldset className="cd-fieldset">
          <legend>Formats</legend>
          <label className="row-8">
            <input type="checkbox" checked={csv} onChange={(e) => setCsv(e.target.checked)} /> CSV (one row per segment)
          </label>
          <label className="row-8">
            <input type="checkbox" checked={docx} onChange={(e) => setDocx(e.target.checked)} /> Word (quotes by interview)
          </label>
        </fieldset>
        <label className="row-8">
          <input type="checkbox" checked={participant} onChange={(e) => setParticipant(e.target.checked)} /> Include participant names (otherwise their codes,
          “P07”)
        </label>
        <div className="field">
          <span id={`${id}-folder`} className="cd-label">
            Folder
          </span>
          <div className="row-8">
            <button type="button" className={`btn btn-small ${ex.folder ? '' : 'btn-primary'}`} onClick={() => void chooseFolder()}>
              Choose folder…
            </button>
            <span className="mono cd-folder" aria-labelledby={`${id}-folder`} role="status">
              {ex.folder ?? 'No folder chosen'}
            </span>
          </div>
        </div>
        {ex.status === 'done' && ex.result && (
          <p role="status" className="cd-export-done">
            Saved {plural(ex.result.files, 'file')} in {ex.result.reveal}. {ex.result.notes.join(' ')}
          </p>
        )}
        {ex.error && <ErrorNote error={ex.error} />}
      </div>
    </Dialog>
  );
}
