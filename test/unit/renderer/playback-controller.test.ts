import { describe, expect, it } from 'vitest';
import {
  isMediaUrl,
  PlaybackController,
  SAVED_COPY_FAILS_MESSAGE,
  UNREACHABLE_MESSAGE,
  type PlaybackState,
  type PlayerPort,
} from '../../../src/renderer/features/viewer/playback-controller';
import type { PlaybackView } from '../../../src/shared/ipc/channels/videos';

/** A player that records what it is told and lets the test fire loadedmetadata and move time. */
function fakePlayer() {
  let time = 0;
  let paused = true;
  let loaded: (() => void) | null = null;
  const calls: string[] = [];
  const port: PlayerPort = {
    currentTime: () => time,
    seek: (s) => {
      time = s;
      calls.push(`seek ${s}`);
    },
    paused: () => paused,
    load: (url) => {
      // A new source starts again from 0, paused, as a media element does.
      time = 0;
      paused = true;
      calls.push(`load ${url}`);
    },
    play: () => {
      paused = false;
      calls.push('play');
    },
    onceLoaded: (cb) => {
      loaded = cb;
    },
  };
  return {
    port,
    calls,
    fireLoaded: () => {
      const cb = loaded;
      loaded = null;
      cb?.();
    },
    playTo: (s: number) => {
      paused = false;
      time = s;
    },
  };
}

const URL = '/__fieldwork/media/video/demo/iv-1';
const flush = () => new Promise((r) => setTimeout(r, 0));

/** Timers the test fires by hand: `fire(ms)` runs the live ones set for `ms`. */
function fakeTimers() {
  const pending: { fn: () => void; ms: number; live: boolean }[] = [];
  return {
    pending,
    timers: {
      set: (fn: () => void, ms: number) => {
        const t = { fn, ms, live: true };
        pending.push(t);
        return t;
      },
      clear: (h: unknown) => void ((h as { live: boolean }).live = false),
    },
    live: (ms: number) => pending.filter((t) => t.live && t.ms === ms).length,
    fire: (ms: number) => {
      for (const t of pending.filter((p) => p.live && p.ms === ms)) {
        t.live = false;
        t.fn();
      }
    },
  };
}

const SOURCE_MS = 7000;
const LOAD_MS = 9000;

/** `'hang'` is a source request main does not answer until the test calls `late`. */
function setup(sources: (PlaybackView | Error | 'hang')[]) {
  const player = fakePlayer();
  const states: PlaybackState[] = [];
  const clock = fakeTimers();
  let asked = 0;
  const late: ((v: PlaybackView) => void)[] = [];
  const c = new PlaybackController({
    player: player.port,
    fetchSource: async () => {
      const s = sources[Math.min(asked++, sources.length - 1)]!;
      if (s === 'hang') return new Promise<PlaybackView>((r) => late.push(r));
      if (s instanceof Error) throw s;
      return s;
    },
    onState: (s) => states.push(s),
    timers: clock.timers,
    sourceTimeoutMs: SOURCE_MS,
    loadTimeoutMs: LOAD_MS,
  });
  return { c, player, states, clock, asked: () => asked, late };
}

const loads = (calls: string[]) => calls.filter((c) => c.startsWith('load '));

describe('playback controller', () => {
  it('opens at atMs: loads the source, seeks once metadata is in, stays paused', async () => {
    const { c, player, states } = setup([{ kind: 'remote', media_url: URL }]);
    await c.start(19_000);
    expect(player.calls).toEqual([`load ${URL}`]);
    player.fireLoaded();
    expect(player.calls).toEqual([`load ${URL}`, 'seek 19']);
    expect(states.map((s) => s.kind)).toEqual(['loading', 'ready']);
    expect(c.current).toEqual({ kind: 'ready', source: 'remote' });
  });

  it('an expired link: on a player error it asks for the source again and resumes at the same time, playing', async () => {
    const { c, player, states, asked } = setup([{ kind: 'remote', media_url: URL }]);
    await c.start(null);
    player.fireLoaded();
    player.playTo(12.5);
    c.noteProgress();
    await c.recover();
    expect(asked()).toBe(2);
    expect(states.at(-1)).toEqual({ kind: 'recovering' });
    // Reloaded from a fresh address (the browser must not reuse the failed load).
    expect(player.calls.at(-1)).toMatch(/^load \/__fieldwork\/media\/video\/demo\/iv-1\?attempt=\d+$/);
    player.fireLoaded();
    expect(player.calls.slice(-2)).toEqual(['seek 12.5', 'play']);
    expect(c.current).toEqual({ kind: 'ready', source: 'remote' });
  });

  it('resumes paused when it was paused', async () => {
    const { c, player } = setup([{ kind: 'remote', media_url: URL }]);
    await c.start(null);
    player.fireLoaded();
    player.port.seek(7);
    c.noteProgress();
    await c.recover();
    player.fireLoaded();
    expect(player.calls.at(-1)).toBe('seek 7');
    expect(player.port.paused()).toBe(true);
  });

  it('gives up after repeated failures with no playback in between, with the clear message', async () => {
    const { c, player, states } = setup([{ kind: 'remote', media_url: URL }]);
    await c.start(null);
    player.fireLoaded();
    await c.recover();
    player.fireLoaded();
    await c.recover();
    player.fireLoaded();
    await c.recover();
    expect(states.at(-1)).toEqual({ kind: 'unavailable', message: UNREACHABLE_MESSAGE });
    // Try again starts afresh.
    await c.retry();
    expect(states.at(-1)).toEqual({ kind: 'loading' });
    player.fireLoaded();
    expect(c.current.kind).toBe('ready');
  });

  it('failures far apart (playback moved on between them) never exhaust the attempts', async () => {
    const { c, player } = setup([{ kind: 'remote', media_url: URL }]);
    await c.start(null);
    player.fireLoaded();
    for (let i = 1; i <= 5; i++) {
      player.playTo(i * 10);
      c.noteProgress();
      await c.recover();
      player.fireLoaded();
      player.playTo(i * 10 + 3);
      c.noteProgress();
      expect(c.current.kind).toBe('ready');
    }
  });

  it('switches to the local copy when the refreshed source is local', async () => {
    const { c, player } = setup([
      { kind: 'remote', media_url: URL },
      { kind: 'local', media_url: URL },
    ]);
    await c.start(null);
    player.fireLoaded();
    await c.recover();
    player.fireLoaded();
    expect(c.current).toEqual({ kind: 'ready', source: 'local' });
  });

  it('offline and not saved: the clear message, and the player is never given a source', async () => {
    const { c, player } = setup([{ kind: 'unavailable', reason: "You're offline and this video wasn't downloaded." }]);
    await c.start(null);
    expect(c.current).toEqual({ kind: 'unavailable', message: UNREACHABLE_MESSAGE });
    expect(player.calls).toEqual([]);
  });

  it("keeps main's own reason when it is not about reaching the service", async () => {
    const { c } = setup([{ kind: 'unavailable', reason: 'This interview has no recording.' }]);
    await c.start(null);
    expect(c.current).toEqual({ kind: 'unavailable', message: 'This interview has no recording.' });
  });

  it('a failing source request mid-recovery ends in the clear message', async () => {
    const { c, player } = setup([{ kind: 'remote', media_url: URL }, new Error('bridge down')]);
    await c.start(null);
    player.fireLoaded();
    await c.recover();
    expect(c.current).toEqual({ kind: 'unavailable', message: UNREACHABLE_MESSAGE });
  });

  it("refuses an address that is not main's media route", async () => {
    const { c, player } = setup([{ kind: 'remote', media_url: 'https://service.example/video.webm?sig=x' }]);
    await c.start(null);
    expect(c.current.kind).toBe('unavailable');
    expect(player.calls).toEqual([]);
    expect(isMediaUrl('fieldwork-media://video/w/i')).toBe(true);
    expect(isMediaUrl('javascript:alert(1)')).toBe(false);
  });

  it('a stall (waiting with no progress while playing) counts as a failure after stallMs; progress cancels it', async () => {
    const player = fakePlayer();
    const pending: { fn: () => void; ms: number; live: boolean }[] = [];
    let asked = 0;
    const c = new PlaybackController({
      player: player.port,
      fetchSource: async () => {
        asked++;
        return { kind: 'remote', media_url: URL };
      },
      onState: () => undefined,
      stallMs: 5000,
      timers: {
        set: (fn, ms) => {
          const t = { fn, ms, live: true };
          pending.push(t);
          return t;
        },
        clear: (h) => void ((h as { live: boolean }).live = false),
      },
    });
    await c.start(null);
    player.fireLoaded();
    player.playTo(4);
    c.noteProgress();
    // Waiting, then playback moves on: no recovery.
    c.noteWaiting();
    expect(pending.at(-1)!.ms).toBe(5000);
    player.playTo(4.3);
    c.noteProgress();
    expect(pending.at(-1)!.live).toBe(false);
    // Waiting and stuck: the timer fires and the source is asked for again, resuming at 4.3 s, playing.
    c.noteWaiting();
    const timer = pending.at(-1)!;
    expect(timer.live).toBe(true);
    timer.fn();
    await flush();
    expect(asked).toBe(2);
    player.fireLoaded();
    expect(player.calls.slice(-2)).toEqual(['seek 4.3', 'play']);
    // Paused players never arm the watchdog.
    player.port.seek(9);
    (player.port as { paused: () => boolean }).paused = () => true;
    const before = pending.length;
    c.noteWaiting();
    expect(pending.length).toBe(before);
  });

  it('a reloaded source that fails too counts as a failure: the viewer ends in the clear message, never stays reconnecting', async () => {
    // The journey's case: a live signed link in the cache, the service gone, so every load of the media
    // route fails. The error of the `?attempt=2` reload arrives while the state is still 'recovering'.
    const { c, player, states } = setup([{ kind: 'remote', media_url: URL }]);
    await c.start(95_000);
    await c.recover();
    expect(c.current).toEqual({ kind: 'recovering' });
    await c.recover();
    expect(loads(player.calls)).toHaveLength(3);
    expect(player.calls.at(-1)).toBe(`load ${URL}?attempt=3`);
    await c.recover();
    expect(c.current).toEqual({ kind: 'unavailable', message: UNREACHABLE_MESSAGE });
    expect(states.map((s) => s.kind)).toEqual(['loading', 'recovering', 'recovering', 'unavailable']);
    // Try again starts afresh.
    await c.retry();
    player.fireLoaded();
    expect(c.current).toEqual({ kind: 'ready', source: 'remote' });
  });

  it('an error while main is still being asked for the new source belongs to the replaced load: asked once', async () => {
    let answer: (v: PlaybackView) => void = () => undefined;
    const player = fakePlayer();
    let asked = 0;
    const c = new PlaybackController({
      player: player.port,
      fetchSource: () => {
        asked++;
        return asked === 1 ? Promise.resolve({ kind: 'remote', media_url: URL }) : new Promise<PlaybackView>((r) => (answer = r));
      },
      onState: () => undefined,
      timers: fakeTimers().timers,
    });
    await c.start(null);
    player.fireLoaded();
    const first = c.recover();
    await c.recover();
    expect(asked).toBe(2);
    answer({ kind: 'remote', media_url: URL });
    await first;
    player.fireLoaded();
    expect(c.current).toEqual({ kind: 'ready', source: 'remote' });
  });

  it('a source that neither loads nor fails counts as failed after loadTimeoutMs, until the clear message', async () => {
    const { c, player, clock } = setup([{ kind: 'remote', media_url: URL }]);
    await c.start(null);
    for (let i = 1; i <= 2; i++) {
      expect(clock.live(LOAD_MS)).toBe(1);
      clock.fire(LOAD_MS);
      await flush();
      expect(c.current).toEqual({ kind: 'recovering' });
      expect(loads(player.calls)).toHaveLength(i + 1);
    }
    clock.fire(LOAD_MS);
    await flush();
    expect(c.current).toEqual({ kind: 'unavailable', message: UNREACHABLE_MESSAGE });
    expect(clock.live(LOAD_MS)).toBe(0);
  });

  it('a load that arrives in time disarms the load timeout', async () => {
    const { c, player, clock } = setup([{ kind: 'remote', media_url: URL }]);
    await c.start(null);
    player.fireLoaded();
    expect(clock.live(LOAD_MS)).toBe(0);
    expect(c.current.kind).toBe('ready');
  });

  it('main never answering where the video is ends in the clear message after sourceTimeoutMs; a late answer is ignored', async () => {
    const { c, player, clock, late } = setup(['hang']);
    const started = c.start(null);
    expect(c.current).toEqual({ kind: 'loading' });
    clock.fire(SOURCE_MS);
    await started;
    expect(c.current).toEqual({ kind: 'unavailable', message: UNREACHABLE_MESSAGE });
    late[0]!({ kind: 'remote', media_url: URL });
    await flush();
    expect(c.current).toEqual({ kind: 'unavailable', message: UNREACHABLE_MESSAGE });
    expect(player.calls).toEqual([]);
  });

  it('a saved copy that keeps failing says so, not that the video is not saved', async () => {
    const { c } = setup([{ kind: 'local', media_url: URL }]);
    await c.start(null);
    await c.recover();
    await c.recover();
    await c.recover();
    expect(c.current).toEqual({ kind: 'unavailable', message: SAVED_COPY_FAILS_MESSAGE });
  });

  it('ignores a late answer after dispose', async () => {
    const { c, player } = setup([{ kind: 'remote', media_url: URL }]);
    const p = c.start(null);
    c.dispose();
    await p;
    await flush();
    expect(player.calls).toEqual([]);
  });
});
