import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { settingsPatch, SETTINGS_DEFAULTS } from '../../../src/shared/ipc/channels/settings';
import { SettingsStore } from '../../../src/main/settings';

const dir = mkdtempSync(join(tmpdir(), 'fw-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('settings', () => {
  it('a patch changes only what it names', () => {
    expect(settingsPatch.parse({})).toEqual({});
    const s = new SettingsStore(join(dir, 'a.json'));
    s.set({ webhook_enabled: true, webhook_port: 9000 });
    s.set(settingsPatch.parse({ sync_interval_minutes: 5 }));
    expect(s.get()).toEqual({ ...SETTINGS_DEFAULTS, webhook_enabled: true, webhook_port: 9000, sync_interval_minutes: 5 });
  });

  it('persists across instances, and a corrupt file falls back to the defaults', () => {
    const p = join(dir, 'b.json');
    new SettingsStore(p).set({ theme: 'dark' });
    expect(new SettingsStore(p).get().theme).toBe('dark');
    expect(JSON.parse(readFileSync(p, 'utf8')).theme).toBe('dark');
    writeFileSync(p, '{not json');
    expect(new SettingsStore(p).get()).toEqual(SETTINGS_DEFAULTS);
  });

  it('refuses out-of-range values with readable messages', () => {
    expect(settingsPatch.safeParse({ webhook_port: 80 }).error?.issues[0]?.message).toBe('Use a port from 1024 up');
    expect(settingsPatch.safeParse({ sync_interval_minutes: 0 }).success).toBe(false);
  });
});
