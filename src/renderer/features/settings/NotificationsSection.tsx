import { useState } from 'react';
import type { SettingsView } from '../../../shared/ipc/channels/settings';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { Section, Toggle } from './SettingsSection';
import { useSettings } from './store';

export function NotificationsSection({ settings }: { settings: SettingsView }) {
  const save = useSettings((s) => s.save);
  const [error, setError] = useState<UiError | null>(null);
  const [pending, setPending] = useState<boolean | null>(null);
  return (
    <Section title="Notifications" description="Changes as you choose; there is nothing to save.">
      <Toggle
        label="Notify me when interviews complete or a report is ready"
        hint="A system notification when Fieldwork is in the background; a note in the corner of the window when it is in front."
        checked={pending ?? settings.notifications}
        onChange={(v) => {
          setError(null);
          setPending(v);
          save({ notifications: v })
            .catch((e: unknown) => setError(UiError.from(e)))
            .finally(() => setPending(null));
        }}
      />
      {error && <ErrorNote error={error} />}
    </Section>
  );
}
