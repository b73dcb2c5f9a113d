// The process guard: a stray rejection or exception is logged and the process keeps running.
import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installProcessGuard } from '../../../../src/main/logging/process-guard';
import type { Logger } from '../../../../src/main/logging/logger';

const ROOT = join(__dirname, '../../../..');

describe('installProcessGuard', () => {
  it('logs unhandled rejections and uncaught exceptions, and can be removed', () => {
    const proc = new EventEmitter() as unknown as NodeJS.Process;
    const logged: string[] = [];
    const log = { error: (msg: string) => logged.push(msg) } as unknown as Logger;
    const remove = installProcessGuard(log, proc);
    proc.emit('unhandledRejection', new Error('x'), Promise.resolve());
    proc.emit('uncaughtException', new Error('y'));
    expect(logged).toEqual(['unhandled promise rejection', 'uncaught exception']);
    remove();
    expect(proc.listenerCount('unhandledRejection') + proc.listenerCount('uncaughtException')).toBe(0);
  });

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
