import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { SNIFF_BYTES } from '../../shared/media-sniff';

/** The first bytes of a file (as many as sniffing needs), or none when it is not there. */
export function readHead(file: string): Uint8Array {
  if (!existsSync(file)) return new Uint8Array();
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    return buf.subarray(0, readSync(fd, buf, 0, SNIFF_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}
