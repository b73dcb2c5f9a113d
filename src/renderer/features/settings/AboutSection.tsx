import type { AppInfo } from '../../../shared/ipc/channels/app';
import { Section } from './SettingsSection';

export function AboutSection({ info }: { info: AppInfo | null }) {
  return (
    <Section title="About">
      {info ? (
        <dl className="settings-about">
          <dt>Version</dt>
          <dd className="num">{info.version}</dd>
          <dt>Platform</dt>
          <dd>{info.platform}</dd>
          <dt>Keychain</dt>
          <dd>
            {info.keychain.available
              ? 'Available: API keys are stored in the system keychain.'
              : `Not available. ${info.keychain.message ?? 'API keys are kept in memory for this session only.'}`}
          </dd>
        </dl>
      ) : (
        <p className="muted">Loading…</p>
      )}
    </Section>
  );
}
