// The process guard in a real Node process: a stray rejection is logged and the process keeps running, where
// without the guard it ends. Its wiring on a fake process is test/unit/main/logging/process-guard.test.ts.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

describe('installProcessGuard', () => {
  it('in a real process, an unhandled rejection does not end it: the work after it still runs', () => {
    const script = `
      require('tsx/cjs');
      const { installProcessGuard } = require(${JSON.stringify(join(ROOT, 'src/main/logging/process-guard.ts'))});
      installProcessGuard({ error: (m) => process.stderr.write(m + '\\n') });
      Promise.reject(new Error('a side read failed late'));
      setTimeout(() => { process.stdout.write('still running'); }, 50);
    `;
    const r = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(r.stderr).toContain('unhandled promise rejection');
    expect(r.stdout).toBe('still running');
    expect(r.status).toBe(0);
    // Without the guard, Node ends the process on the same rejection: the test above could fail.
    const bare = spawnSync(process.execPath, ['-e', "Promise.reject(new Error('x')); setTimeout(() => process.stdout.write('still running'), 50);"], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(bare.stdout).toBe('');
    expect(bare.status).not.toBe(0);
  });
});
