import { useId, useState } from 'react';
import type { SettingsView } from '../../../shared/ipc/channels/settings';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { Section } from './SettingsSection';
import { applyTheme, useSettings, type Theme } from './store';

const THEMES: { value: Theme; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function AppearanceSection({ settings }: { settings: SettingsView }) {
  const save = useSettings((s) => s.save);
  const [error, setError] = useState<UiError | null>(null);
  // Shown as chosen at once; main confirms, or the choice is rolled back with the reason.
  const [pending, setPending] = useState<Theme | null>(null);
  const current = pending ?? settings.theme;
  const id = useId();
  const choose = async (theme: Theme) => {
    const before = settings.theme;
    setPending(theme);
    applyTheme(theme);
    setError(null);
    try {
      await save({ theme });
    } catch (e) {
      applyTheme(before);
      setError(UiError.from(e));
    } finally {
      setPending(null);
    }
  };
  return (
    <Section title="Appearance" description="Changes as you choose; there is nothing to save.">
      <fieldset className="settings-fieldset">
        <legend>Theme</legend>
        <div className="segmented">
          {THEMES.map((t) => (
            <label key={t.value} className={`segment ${current === t.value ? 'is-checked' : ''}`}>
              <input type="radio" name={`${id}-theme`} value={t.value} checked={current === t.value} onChange={() => void choose(t.value)} />
              {t.label}
            </label>
          ))}
        </div>
        <span className="hint">System follows your computer's light or dark setting.</span>
      </fieldset>
      {error && <ErrorNote error={error} />}
    </Section>
  );
}
