import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_ROOT, cacheWorkerPath, findAppRoot } from '../../../../src/main/cli/home';

const dir = mkdtempSync(join(tmpdir(), 'fw-home-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('where the CLI finds its checkout', () => {
  it("is the nearest folder with Fieldwork's package.json, from the sources and from the bundle alike", () => {
    const root = join(dir, 'checkout');
    for (const sub of ['src/main/cli', 'out/cli', 'node_modules/other']) mkdirSync(join(root, sub), { recursive: true });
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'fieldwork' }));
    // Another package's manifest on the way up is not ours.
    writeFileSync(join(root, 'node_modules/other/package.json'), JSON.stringify({ name: 'other' }));
    expect(findAppRoot(join(root, 'src/main/cli'))).toBe(root);
    expect(findAppRoot(join(root, 'out/cli'))).toBe(root);
    expect(findAppRoot(join(root, 'node_modules/other'))).toBe(root);
  });

  it('is this checkout when run from it, and the sources use the TypeScript cache worker', () => {
    expect(APP_ROOT).toBe(resolve(__dirname, '../../../..'));
    expect(cacheWorkerPath()).toBe(join(APP_ROOT, 'src', 'main', 'cache', 'worker-dev.cjs'));
  });
});
