import { useId } from 'react';
import { language, LIMIT_HINTS, type FormErrors, type LanguageDraft } from './model';
import './study-form.css';

/** Accents the voice picker knows well; any other locale code can still be typed via "Other". */
export const COMMON_LOCALES = [
  'en-US',
  'en-GB',
  'en-AU',
  'en-CA',
  'en-IN',
  'es-ES',
  'es-MX',
  'es-US',
  'fr-FR',
  'fr-CA',
  'de-DE',
  'de-CH',
  'it-IT',
  'pt-BR',
  'pt-PT',
  'nl-NL',
  'sv-SE',
  'da-DK',
  'nb-NO',
  'fi-FI',
  'pl-PL',
  'cs-CZ',
  'tr-TR',
  'ja-JP',
  'ko-KR',
  'zh-CN',
  'zh-TW',
  'hi-IN',
  'ar-SA',
  'he-IL',
] as const;
const isCommon = (code: string) => (COMMON_LOCALES as readonly string[]).includes(code);
const OTHER = '__other__';

const names = (() => {
  try {
    return { lang: new Intl.DisplayNames(['en'], { type: 'language' }), region: new Intl.DisplayNames(['en'], { type: 'region' }) };
  } catch {
    return null;
  }
})();

/** "en-GB" → "English (United Kingdom)"; the code alone when the platform cannot name it. */
export function localeLabel(code: string): string {
  if (!names) return code;
  try {
    const [lang, region] = code.split('-');
    const l = names.lang.of(lang!) ?? code;
    const r = region && /^[A-Z]{2}$/.test(region) ? names.region.of(region) : null;
    return r ? `${l} (${r})` : l;
  } catch {
    return code;
  }
}

const languageOf = (code: string) => {
  if (!names) return '';
  try {
    return names.lang.of(code.split('-')[0]!) ?? '';
  } catch {
    return '';
  }
};

/** Interview languages: each a language name and an accent (a locale code such as en-GB). At least one. */
export function LanguagesEditor({
  languages,
  onChange,
  errors = {},
}: {
  languages: LanguageDraft[];
  onChange: (next: LanguageDraft[]) => void;
  errors?: FormErrors;
}) {
  const id = useId();
  const set = (i: number, patch: Partial<LanguageDraft>) => onChange(languages.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const pickAccent = (i: number, value: string) => {
    const cur = languages[i]!;
    if (value === OTHER) return set(i, { accent: isCommon(cur.accent) ? '' : cur.accent, custom: true });
    // Fill the name from the code unless the researcher typed their own.
    const autoName = cur.language_name.trim() === '' || cur.language_name === languageOf(cur.accent);
    set(i, { accent: value, ...(autoName ? { language_name: languageOf(value) || cur.language_name } : {}), custom: false });
  };
  const listError = errors.languages;
  return (
    <fieldset className="sf-fieldset" aria-describedby={`${id}-help`}>
      <legend className="sf-legend">Languages</legend>
      <p className="hint" id={`${id}-help`}>
        The AI interviewer speaks these; its voice is chosen from the accent.
      </p>
      {listError && (
        <p className="field-error" role="alert">
          {listError}
        </p>
      )}
      <ul className="sf-languages">
        {languages.map((l, i) => {
          const n = i + 1;
          const custom = l.custom === true || (l.accent !== '' && !isCommon(l.accent));
          const nameErr = errors[`languages.${i}.language_name`];
          const accentErr = errors[`languages.${i}.accent`];
          return (
            <li key={l.key} className="sf-language">
              <div className="field">
                <label htmlFor={`${id}-${l.key}-accent`}>Accent</label>
                <select
                  id={`${id}-${l.key}-accent`}
                  className="input"
                  value={custom ? OTHER : l.accent}
                  aria-invalid={accentErr && !custom ? true : undefined}
                  aria-label={`Accent for language ${n}`}
                  onChange={(e) => pickAccent(i, e.target.value)}
                >
                  {l.accent === '' && !custom && <option value="">Choose…</option>}
                  {COMMON_LOCALES.map((c) => (
                    <option key={c} value={c}>
                      {c} · {localeLabel(c)}
                    </option>
                  ))}
                  <option value={OTHER}>Other locale code…</option>
                </select>
              </div>
              {custom && (
                <div className="field">
                  <label htmlFor={`${id}-${l.key}-code`}>Locale code</label>
                  <input
                    id={`${id}-${l.key}-code`}
                    className="input mono sf-code"
                    value={l.accent}
                    placeholder="e.g. ga-IE"
                    spellCheck={false}
                    aria-invalid={accentErr ? true : undefined}
                    aria-describedby={accentErr ? `${id}-${l.key}-accent-error` : undefined}
                    onChange={(e) => set(i, { accent: e.target.value })}
                  />
                </div>
              )}
              <div className="field sf-grow">
                <label htmlFor={`${id}-${l.key}-name`}>Language name</label>
                <input
                  id={`${id}-${l.key}-name`}
                  className="input"
                  value={l.language_name}
                  aria-invalid={nameErr ? true : undefined}
                  aria-describedby={nameErr ? `${id}-${l.key}-name-error` : undefined}
                  onChange={(e) => set(i, { language_name: e.target.value })}
                />
              </div>
              <button
                type="button"
                className="btn btn-small btn-ghost sf-delete sf-language-remove"
                aria-label={`Remove language ${n}`}
                disabled={languages.length === 1}
                title={languages.length === 1 ? 'At least one language is needed' : 'Remove'}
                onClick={() => onChange(languages.filter((_, j) => j !== i))}
              >
                Remove
              </button>
              {(nameErr || accentErr) && (
                <span className="field-error sf-row-error" id={`${id}-${l.key}-${accentErr ? 'accent' : 'name'}-error`}>
                  {accentErr ?? nameErr}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <div>
        <button
          type="button"
          className="btn btn-small"
          disabled={languages.length >= LIMIT_HINTS.languagesMax}
          onClick={() => onChange([...languages, language()])}
        >
          + Add language
        </button>
      </div>
    </fieldset>
  );
}
