// The QR encoder against a real reader: what it draws, zbarimg decodes back to the same text. Its structure
// is checked in-process in test/unit/shared/qr.test.ts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeQr } from '../../src/shared/qr';

const URL_110 = 'http://127.0.0.1:43567/call/en-US/6f1c2a34-1111-4aaa-8bbb-123456789abc/0a9b8c7d-2222-4ccc-9ddd-abcdefabcdef';

function zbarAvailable(): boolean {
  try {
    execFileSync('zbarimg', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn('qr round trip skipped: no zbarimg (apt-get install zbar-tools; .ci/run does)');
    return false;
  }
}

describe('QR encoder', () => {
  it.skipIf(!zbarAvailable())('decodes back to the same text with a real reader (zbarimg)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qr-'));
    try {
      for (const text of ['hi', URL_110, 'https://example.com/' + 'x'.repeat(300)]) {
        const m = encodeQr(text);
        const scale = 4;
        const n = (m.length + 8) * scale;
        const rows: string[] = [];
        for (let y = 0; y < n; y++) {
          let row = '';
          for (let x = 0; x < n; x++) {
            const my = Math.floor(y / scale) - 4;
            const mx = Math.floor(x / scale) - 4;
            row += my >= 0 && mx >= 0 && my < m.length && mx < m.length && m[my]![mx] ? '1' : '0';
          }
          rows.push(row);
        }
        const file = join(dir, 'qr.pbm');
        writeFileSync(file, `P1\n${n} ${n}\n${rows.join('\n')}\n`);
        expect(execFileSync('zbarimg', ['-q', '--raw', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()).toBe(text);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
