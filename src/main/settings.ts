import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { settingsSchema, type Settings } from '../shared/ipc/channels/settings';

/** App settings in a small JSON file, replaced atomically. Secrets never go here. */
export class SettingsStore {
  private value: Settings;

  constructor(private readonly path: string) {
    let raw: unknown = {};
    try {
      if (existsSync(path)) raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      raw = {};
    }
    const parsed = settingsSchema.safeParse(raw);
    this.value = parsed.success ? parsed.data : settingsSchema.parse({});
  }

  get(): Settings {
    return { ...this.value };
  }

  set(patch: Partial<Settings>): Settings {
    this.value = settingsSchema.parse({ ...this.value, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) });
    mkdirSync(dirname(this.path), { recursive: true });
    writeFileSync(`${this.path}.tmp`, JSON.stringify(this.value, null, 2));
    renameSync(`${this.path}.tmp`, this.path);
    return this.get();
  }
}
