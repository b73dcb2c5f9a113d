import { timecode } from '../../lib/timecode';

/** "1 clip", "3 clips". */
export const clips = (n: number) => `${n} ${n === 1 ? 'clip' : 'clips'}`;
/** "00:12–00:31", "from 00:12", or "Time unknown". */
export const span = (start: number | null, end: number | null) =>
  start === null ? 'Time unknown' : end === null ? `from ${timecode(start)}` : `${timecode(start)}–${timecode(end)}`;
