// The process guard: a stray rejection or exception is logged and the process keeps running. In a real process:
// test/integration/process-guard.test.ts.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { installProcessGuard } from '../../../../src/main/logging/process-guard';
import type { Logger } from '../../../../src/main/logging/logger';

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
});
