import type { PlaybackView } from '../../../shared/ipc/channels/videos';

/** What the controller needs from a player; video.js in the app, a fake in the unit test. */
export type PlayerPort = {
  currentTime(): number;
  seek(seconds: number): void;
  paused(): boolean;
  load(url: string): void;
  play(): void;
  /** Calls back once when the newly loaded source has its metadata (seeking is possible). */
  onceLoaded(cb: () => void): void;
};

export type PlaybackState =
  { kind: 'loading' } | { kind: 'ready'; source: 'local' | 'remote' } | { kind: 'recovering' } | { kind: 'unavailable'; message: string };

export const UNREACHABLE_MESSAGE =
  "This video isn't saved on this computer and the service can't be reached. Connect and try again, or download it for offline when you're online.";

export const SAVED_COPY_FAILS_MESSAGE = "The copy of this video saved on this computer can't be played. Remove the download and download it again.";

/** Main's media URLs only: the app's protocol, or the test host's same-origin path. Anything else is refused. */
export function isMediaUrl(url: string): boolean {
  return /^fieldwork-media:\/\/video\/[^/?#]+\/[^/?#]+$/.test(url) || /^\/__fieldwork\/media\/video\/[^/?#]+\/[^/?#]+$/.test(url);
}

function messageFor(reason: string): string {
  return /offline|reach|connect/i.test(reason) ? UNREACHABLE_MESSAGE : reason;
}

/**
 * Where the viewer's video comes from, and what happens when playing it fails. A signed link can expire
 * while the viewer is open: on a player error the controller asks main for the source again (main
 * refreshes the link) and reloads it, then seeks back to where playback was and plays again if it was
 * playing. It gives up after `maxAttempts` failures in a row with no playback in between, and says
 * what to do instead. Every wait is bounded: main's answer (`sourceTimeoutMs`) and the player's metadata
 * for a new source (`loadTimeoutMs`; a player may neither load nor fail, e.g. a request left hanging), so
 * 'loading' and 'recovering' always end in 'ready' or 'unavailable'.
 */
export class PlaybackController {
  private attempts = 0;
  private lastTime = 0;
  private wasPlaying = false;
  private generation = 0;
  private disposed = false;
  private state: PlaybackState = { kind: 'loading' };
  private stallTimer: unknown = null;
  private loadTimer: unknown = null;
  /** The generation whose source the player was given; until it equals `generation`, main is still being asked. */
  private issued = 0;
  private sourceKind: 'local' | 'remote' | null = null;

  constructor(
    private readonly o: {
      player: PlayerPort;
      fetchSource: () => Promise<PlaybackView>;
      onState: (s: PlaybackState) => void;
      maxAttempts?: number;
      /** How long playback may wait for data with no progress before the source is treated as failed. */
      stallMs?: number;
      /** How long main may take to say where the video is. */
      sourceTimeoutMs?: number;
      /** How long a newly given source may take to load its metadata before it counts as failed. */
      loadTimeoutMs?: number;
      timers?: { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void };
    },
  ) {}

  get current(): PlaybackState {
    return this.state;
  }

  /** Loads the source and seeks to `atMs` (a quote or search hit), without starting playback. */
  async start(atMs: number | null): Promise<void> {
    this.lastTime = atMs !== null ? atMs / 1000 : 0;
    this.wasPlaying = false;
    await this.loadFrom(false);
  }

  /** The player reports progress here (timeupdate, play, pause): it is where a recovery resumes. */
  noteProgress(): void {
    if (this.state.kind !== 'ready') return;
    const t = this.o.player.currentTime();
    // Playback moved on from the point of the last recovery: the source works, so failures start counting afresh.
    if (this.attempts > 0 && Math.abs(t - this.lastTime) > 0.5) this.attempts = 0;
    if (t !== this.lastTime) this.clearStall();
    this.lastTime = t;
    this.wasPlaying = !this.o.player.paused();
  }

  /**
   * The player is waiting for data while it should be playing. A browser retries a failing media request
   * for a long while before it reports an error; if nothing moves for `stallMs`, recover now instead.
   */
  noteWaiting(): void {
    if (this.state.kind !== 'ready' || this.stallTimer !== null || this.o.player.paused()) return;
    const at = this.o.player.currentTime();
    this.stallTimer = this.timers().set(() => {
      this.stallTimer = null;
      if (this.state.kind === 'ready' && !this.o.player.paused() && this.o.player.currentTime() === at) {
        this.wasPlaying = true;
        void this.recover();
      }
    }, this.o.stallMs ?? 12_000);
  }

  /**
   * The player failed (an expired link, a dropped connection), or a source did not load in time: fetch
   * the source again and resume. A failure of the reloaded source counts too, so a source that keeps
   * failing ends in 'unavailable' rather than in 'recovering' for ever.
   */
  async recover(): Promise<void> {
    if (this.disposed || this.state.kind === 'unavailable') return;
    // Main is still being asked for the new source: this error is the replaced load's, already handled.
    if (this.state.kind !== 'ready' && this.issued !== this.generation) return;
    if (this.attempts >= (this.o.maxAttempts ?? 2)) {
      this.clearLoadTimer();
      this.set({ kind: 'unavailable', message: this.sourceKind === 'local' ? SAVED_COPY_FAILS_MESSAGE : UNREACHABLE_MESSAGE });
      return;
    }
    this.attempts++;
    await this.loadFrom(true);
  }

  /** Another try after the viewer said the video was unavailable (the user pressed Try again). */
  async retry(): Promise<void> {
    this.attempts = 0;
    await this.loadFrom(this.wasPlaying);
  }

  dispose(): void {
    this.disposed = true;
    this.generation++;
    this.clearStall();
    this.clearLoadTimer();
  }

  private timers() {
    return (
      this.o.timers ?? { set: (fn: () => void, ms: number) => setTimeout(fn, ms), clear: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>) }
    );
  }

  private clearStall(): void {
    if (this.stallTimer === null) return;
    this.timers().clear(this.stallTimer);
    this.stallTimer = null;
  }

  private clearLoadTimer(): void {
    if (this.loadTimer === null) return;
    this.timers().clear(this.loadTimer);
    this.loadTimer = null;
  }

  /** Main's answer, or a rejection once `sourceTimeoutMs` has passed without one. */
  private fetchBounded(): Promise<PlaybackView> {
    return new Promise<PlaybackView>((resolve, reject) => {
      const timer = this.timers().set(() => reject(new Error('No answer from the app about where the video is.')), this.o.sourceTimeoutMs ?? 20_000);
      this.o.fetchSource().then(
        (v) => {
          this.timers().clear(timer);
          resolve(v);
        },
        (e: unknown) => {
          this.timers().clear(timer);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }

  private async loadFrom(recovering: boolean): Promise<void> {
    const gen = ++this.generation;
    this.clearStall();
    this.clearLoadTimer();
    this.set(recovering ? { kind: 'recovering' } : { kind: 'loading' });
    const resumeAt = this.lastTime;
    const resumePlaying = this.wasPlaying;
    let src: PlaybackView;
    try {
      src = await this.fetchBounded();
    } catch {
      if (gen === this.generation) this.set({ kind: 'unavailable', message: UNREACHABLE_MESSAGE });
      return;
    }
    if (gen !== this.generation || this.disposed) return;
    if (src.kind === 'unavailable') return this.set({ kind: 'unavailable', message: messageFor(src.reason) });
    if (!isMediaUrl(src.media_url))
      return this.set({ kind: 'unavailable', message: 'This video has an address Fieldwork does not play from. Sync the workspace and try again.' });
    const kind = src.kind;
    this.sourceKind = kind;
    this.o.player.onceLoaded(() => {
      if (gen !== this.generation || this.disposed) return;
      this.clearLoadTimer();
      if (resumeAt > 0) this.o.player.seek(resumeAt);
      this.set({ kind: 'ready', source: kind });
      if (resumePlaying) this.o.player.play();
    });
    this.issued = gen;
    // Neither loaded nor failed in time (a request left hanging): count it as a failure, like an error.
    this.loadTimer = this.timers().set(() => {
      this.loadTimer = null;
      if (gen === this.generation && !this.disposed && this.state.kind !== 'ready') void this.recover();
    }, this.o.loadTimeoutMs ?? 20_000);
    // A query that main ignores makes the browser load the same address afresh after a failure.
    this.o.player.load(this.generation > 1 ? `${src.media_url}?attempt=${this.generation}` : src.media_url);
  }

  private set(s: PlaybackState): void {
    this.state = s;
    this.o.onState(s);
  }
}
