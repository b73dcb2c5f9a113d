import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { timecode } from '../../lib/timecode';
import { categoryNamed, choiceFor, codeChoice, pickerOptions, toggleCode, type ChosenCode, type PickerOption } from './code-picker-model';
import { useCodebook } from '../codes/codebook-store';
import { useHighlights, type CodingRequest } from './store';
import './highlights.css';

let root: Root | null = null;

/**
 * Mounts the picker in its own root at the end of <body>, so requestCoding works from any screen (the
 * viewer's keys, its buttons) without each of them hosting it.
 */
export function showCodePicker(): void {
  if (root) return;
  const host = document.createElement('div');
  host.className = 'hl-dialog-host';
  document.body.appendChild(host);
  root = createRoot(host);
  root.render(
    <CodePickerHost
      onClosed={() => {
        const r = root;
        root = null;
        // Unmount after this event: React must not unmount a root from inside its own render.
        queueMicrotask(() => {
          r?.unmount();
          host.remove();
        });
      }}
    />,
  );
}

function CodePickerHost({ onClosed }: { onClosed: () => void }) {
  const pending = useHighlights((s) => s.pending);
  if (!pending) return null;
  return (
    <CodePicker
      request={pending}
      onClosed={() => {
        useHighlights.setState({ pending: null });
        onClosed();
      }}
    />
  );
}

/**
 * The code picker, keyboard first: type to find a code (or name a new one), ↑/↓ and Enter to add it, 1–9 for
 * the nine most used (while nothing is typed), Enter with nothing typed applies, Escape cancels (focus goes
 * back to where it was). Several codes can be applied at once.
 */
function CodePicker({ request, onClosed }: { request: CodingRequest; onClosed: () => void }) {
  const { ctx } = request;
  const book = useCodebook(ctx.workspaceId, ctx.projectId);
  const add = useHighlights((s) => s.add);
  const update = useHighlights((s) => s.update);
  const id = useId();
  // Codes are held (and sent) by id: a code renamed while the picker is open is still the code applied.
  const [chosen, setChosen] = useState<ChosenCode[]>(request.kind === 'recode' ? request.highlight.codes.map((c) => ({ id: c.id, name: c.name })) : []);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<UiError | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const options = useMemo(() => pickerOptions(book.codes, query), [book.codes, query]);
  const category = categoryNamed(book.codes, query);
  // With something typed, the best match is the one Enter takes; with nothing typed, Enter applies unless an
  // option was chosen with the arrows.
  const current = active >= 0 ? active : query.trim() ? 0 : -1;
  const inBook = (c: ChosenCode) => (c.id === null ? undefined : book.codes.find((k) => k.id === c.id));
  const colorOf = (c: ChosenCode) => inBook(c)?.color ?? null;
  /** A chosen code as the codebook names it now. */
  const nameOf = (c: ChosenCode) => inBook(c)?.name ?? c.name;
  const choiceOf = (o: PickerOption): ChosenCode => (o.kind === 'code' ? { id: o.code.id, name: o.code.name } : choiceFor(book.codes, o.name));
  const isChosen = (o: PickerOption) => {
    const pick = choiceOf(o);
    return chosen.some((c) => (pick.id !== null ? c.id === pick.id : c.id === null && c.name.toLowerCase() === pick.name.toLowerCase()));
  };

  // Into the box once the dialog is open: the dialog opens (and focuses its first control) after this mounts.
  useEffect(() => {
    queueMicrotask(() => input.current?.focus());
  }, []);
  useEffect(() => {
    list.current?.querySelector(`[data-option="${current}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const toggle = (pick: ChosenCode) => {
    setChosen((c) => toggleCode(c, pick));
    setProblem(null);
  };
  const take = (o: PickerOption | undefined) => {
    if (!o) return;
    toggle(choiceOf(o));
    setQuery('');
    setActive(-1);
    input.current?.focus();
  };

  const apply = async () => {
    // A name typed but not yet added counts, as a tag typed before Save always did.
    let codes = chosen;
    const typed = current >= 0 ? options[current] : undefined;
    if (query.trim() && typed && !isChosen(typed)) codes = toggleCode(codes, choiceOf(typed));
    if (category && codes === chosen) {
      setProblem(`"${category.name}" is a category: choose one of its codes.`);
      return;
    }
    setChosen(codes);
    setQuery('');
    setActive(-1);
    if (codes.length === 0) {
      setProblem(
        request.kind === 'recode'
          ? 'Choose at least one code. To take the coding away, use Remove on it.'
          : 'Choose at least one code: type its name, or press its number.',
      );
      input.current?.focus();
      return;
    }
    setProblem(null);
    setSaving(true);
    setError(null);
    try {
      if (request.kind === 'new') await add(ctx, request.range, codeChoice(codes), note.trim());
      else await update(ctx.workspaceId, request.highlight.id, { codes: codeChoice(codes) });
      onClosed();
    } catch (e) {
      // Everything chosen and typed stays, so a retry loses nothing.
      setError(UiError.from(e));
      setSaving(false);
    }
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if ((e.ctrlKey || e.metaKey) && !saving) void apply();
      else if (current >= 0) take(options[current]);
      else if (!saving) void apply();
    } else if (/^[1-9]$/.test(e.key) && !query && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const o = options.find((x) => x.kind === 'code' && x.number === Number(e.key));
      e.preventDefault();
      if (o) take(o);
      else setProblem(`No code has the number ${e.key} yet: the nine most used codes are numbered.`);
    } else if (e.key === 'Backspace' && !query && chosen.length > 0) {
      setChosen(chosen.slice(0, -1));
    }
  };

  const listId = `${id}-list`;
  const quote = request.kind === 'new' ? request.range.quote : request.highlight.quote;
  const at = request.kind === 'new' ? request.range.start_ms : request.highlight.start_ms;
  return (
    <Dialog
      title={request.kind === 'new' ? 'Apply codes' : 'Recode'}
      onClose={onClosed}
      footer={
        <>
          <span className="hint cp-footer-hint">
            <kbd className="kbd">Enter</kbd> with nothing typed applies · <kbd className="kbd">Esc</kbd> cancels
          </span>
          <button type="button" className="btn" onClick={onClosed}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={saving} onClick={() => void apply()}>
            {saving ? 'Saving…' : request.kind === 'new' ? 'Apply codes' : 'Save codes'}
          </button>
        </>
      }
    >
      <figure className="hl-quote-preview">
        <blockquote>{quote}</blockquote>
        <figcaption className="muted num">{at === null ? 'No timestamp' : `At ${timecode(at)}`}</figcaption>
      </figure>
      <div className="stack-12 cp">
        <div className="field">
          <label htmlFor={`${id}-input`}>Find or create a code</label>
          <div className={`hl-tag-box${problem ? ' is-invalid' : ''}`}>
            {chosen.length > 0 && (
              <ul className="cp-chosen" aria-label="Codes to apply">
                {chosen.map((c) => (
                  <li key={c.id ?? `new:${c.name}`} className="hl-chip cp-chip">
                    <span className="code-dot" style={{ background: colorOf(c) ?? 'transparent' }} aria-hidden="true" />
                    {nameOf(c)}
                    {colorOf(c) === null && <span className="muted cp-new">new</span>}
                    <button type="button" className="hl-chip-remove" aria-label={`Remove code ${nameOf(c)}`} onClick={() => toggle(c)}>
                      ✕
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <input
              ref={input}
              id={`${id}-input`}
              className="hl-tag-input"
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={current >= 0 ? `${id}-opt-${current}` : undefined}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
              autoComplete="off"
              maxLength={120}
              value={query}
              placeholder={chosen.length ? 'Add another code' : 'Type a code, or press its number'}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(-1);
                setProblem(null);
              }}
              onKeyDown={onKey}
            />
          </div>
          <span className="hint" id={`${id}-hint`}>
            ↑/↓ and Enter add a code (a new name creates it); 1–9 add the most used; Backspace takes the last one off.
          </span>
          {problem && (
            <span className="field-error" id={`${id}-problem`} role="alert">
              {problem}
            </span>
          )}
        </div>
        <ul ref={list} id={listId} className="cp-list" role="listbox" aria-label="Codes" aria-multiselectable="true">
          {options.map((o, i) => {
            const picked = o.kind === 'code' && isChosen(o);
            return (
              <li
                key={o.kind === 'code' ? o.code.id : `create-${o.name}`}
                id={`${id}-opt-${i}`}
                data-option={i}
                role="option"
                aria-selected={picked}
                className={`cp-option${i === current ? ' is-active' : ''}${picked ? ' is-chosen' : ''}`}
                // The input keeps focus: a click adds the code without taking the caret away.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => take(o)}
              >
                {o.kind === 'code' ? (
                  <>
                    <kbd className={`kbd cp-number${o.number === null ? ' is-none' : ''}`} aria-hidden={o.number === null ? true : undefined}>
                      {o.number ?? ''}
                    </kbd>
                    <span className="code-dot" style={{ background: o.code.color }} aria-hidden="true" />
                    <span className="cp-name">{o.code.name}</span>
                    <span className="muted num cp-count">{o.code.codings}</span>
                    <span className="cp-check" aria-hidden="true">
                      {picked ? '✓' : ''}
                    </span>
                  </>
                ) : (
                  <>
                    <span className="kbd cp-number is-none" aria-hidden="true" />
                    <span className="cp-name">Create code “{o.name}”</span>
                  </>
                )}
              </li>
            );
          })}
          {options.length === 0 && !category && (
            <li className="muted cp-empty" role="presentation">
              {book.status === 'loading' ? 'Loading the codebook…' : 'No codes yet: type a name to create the first.'}
            </li>
          )}
        </ul>
        {category && <p className="muted">“{category.name}” is a category: choose one of its codes.</p>}
        {book.error && <ErrorNote error={book.error} />}
        {request.kind === 'new' && (
          <div className="field">
            <label htmlFor={`${id}-note`}>Note</label>
            <textarea
              id={`${id}-note`}
              className="input hl-note-input"
              rows={2}
              maxLength={5000}
              value={note}
              placeholder="Why this moment matters (optional)"
              onChange={(e) => setNote(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !saving) {
                  e.preventDefault();
                  void apply();
                }
              }}
            />
          </div>
        )}
      </div>
      {error && <ErrorNote error={error} onRetry={() => void apply()} />}
    </Dialog>
  );
}
