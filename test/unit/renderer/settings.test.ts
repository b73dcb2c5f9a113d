// The settings screen's wording and validation, and the app commands shared by the menu and the keyboard.
import { describe, expect, it } from 'vitest';
import type {} from '../../../src/renderer/env';
import { settingsFields } from '../../../src/shared/ipc/channels/settings';
import { checkNumber, formatBytes, removalText } from '../../../src/renderer/features/settings/settings-text';
import { useNav } from '../../../src/renderer/app/nav-store';
import { runCommand } from '../../../src/renderer/app/shortcuts';

describe('checkNumber uses the schema main applies', () => {
  it.each([
    ['0', 'At least every minute.'],
    ['1441', 'At most once a day (1440 minutes).'],
    ['2.5', 'Use whole minutes.'],
    ['', 'Enter a number.'],
    ['ten', 'Enter a number.'],
    ['1e3', 'Enter a number.'],
  ])('sync interval %j → %s', (raw, error) => {
    expect(checkNumber(settingsFields.sync_interval_minutes, raw)).toEqual({ value: null, error });
  });
  it('accepts a valid value, trimmed', () => {
    expect(checkNumber(settingsFields.sync_interval_minutes, ' 30 ')).toEqual({ value: 30, error: null });
    expect(checkNumber(settingsFields.webhook_port, '80')).toEqual({ value: null, error: 'Use a port from 1024 up.' });
    expect(checkNumber(settingsFields.video_quota_mb, '99')).toEqual({ value: null, error: 'At least 100 MB.' });
  });
});

describe('removalText names the consequence', () => {
  const acme = { name: 'Acme', key_storage: 'keychain' as const };
  it('keychain, without purge', () => {
    expect(removalText(acme, false, 5 * 1024 * 1024)).toBe("Remove 'Acme'. Its API key is deleted from the keychain. Studies on the service are not affected.");
  });
  it('keychain, with purge and videos', () => {
    expect(removalText(acme, true, 340 * 1024 * 1024)).toBe(
      "Remove 'Acme'. Its API key is deleted from the keychain, and its saved data and 340 MB of offline videos are deleted. Studies on the service are not affected.",
    );
  });
  it('memory store, purge with usage unknown', () => {
    expect(removalText({ name: 'B', key_storage: 'memory' }, true, null)).toBe(
      "Remove 'B'. Its API key is forgotten, and its saved data and offline videos are deleted. Studies on the service are not affected.",
    );
  });
  it('formats sizes', () => {
    expect([formatBytes(0), formatBytes(512 * 1024), formatBytes(3.25 * 1024 * 1024), formatBytes(2048 * 1024 * 1024)]).toEqual([
      '0 KB',
      '512 KB',
      '3.3 MB',
      '2.0 GB',
    ]);
  });
});

describe('runCommand', () => {
  it('export bumps exportRequested (what the export dialog listens to), once per command', () => {
    const before = useNav.getState().exportRequested;
    runCommand('export');
    expect(useNav.getState().exportRequested).toBe(before + 1);
    runCommand('export');
    expect(useNav.getState().exportRequested).toBe(before + 2);
  });
  it('settings, new study, search and shortcuts navigate', () => {
    runCommand('settings');
    expect(useNav.getState().route).toEqual({ name: 'settings' });
    runCommand('new-study');
    expect(useNav.getState().route).toEqual({ name: 'new-study' });
    runCommand('search');
    expect(useNav.getState().searchOpen).toBe(true);
    runCommand('shortcuts');
    expect(useNav.getState().shortcutsOpen).toBe(true);
  });
});
