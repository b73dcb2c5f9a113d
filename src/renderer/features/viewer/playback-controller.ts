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
 * what to do instead.
 */
export class PlaybackController {
  private attempts = 0;
  private lastTime = 0;
  private wasPlaying = false;
  private generation = 0;
  private disposed = false;
  private state: PlaybackState = { kind: 'loading' };
  private stallTimer: unknown = null;

  constructor(
    private readonly o: {
      player: PlayerPort;
      fetchSource: () => Promise<PlaybackView>;
      onState: (s: PlaybackState) => void;
      maxAttempts?: number;
      /** How long playback may wait for data with no progress before the source is treated as failed. */
      stallMs?: number;
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

  /** The player failed (an expired link, a dropped connection): fetch the source again and resume. */
  async recover(): Promise<void> {
    if (this.disposed || this.state.kind === 'recovering' || this.state.kind === 'unavailable') return;
    if (this.attempts >= (this.o.maxAttempts ?? 2)) {
      this.set({ kind: 'unavailable', message: UNREACHABLE_MESSAGE });
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

  private async loadFrom(recovering: boolean): Promise<void> {
    const gen = ++this.generation;
    this.clearStall();
    this.set(recovering ? { kind: 'recovering' } : { kind: 'loading' });
    const resumeAt = this.lastTime;
    const resumePlaying = this.wasPlaying;
    let src: PlaybackView;
    try {
      src = await this.o.fetchSource();
    } catch {
      if (gen === this.generation) this.set({ kind: 'unavailable', message: UNREACHABLE_MESSAGE });
      return;
    }
    if (gen !== this.generation || this.disposed) return;
    if (src.kind === 'unavailable') return this.set({ kind: 'unavailable', message: messageFor(src.reason) });
    if (!isMediaUrl(src.media_url))
      return this.set({ kind: 'unavailable', message: 'This video has an address Fieldwork does not play from. Sync the workspace and try again.' });
    const kind = src.kind;
    this.o.player.onceLoaded(() => {
      if (gen !== this.generation || this.disposed) return;
      if (resumeAt > 0) this.o.player.seek(resumeAt);
      this.set({ kind: 'ready', source: kind });
      if (resumePlaying) this.o.player.play();
    });
    // A query that main ignores makes the browser load the same address afresh after a failure.
    this.o.player.load(this.generation > 1 ? `${src.media_url}?attempt=${this.generation}` : src.media_url);
  }

  private set(s: PlaybackState): void {
    this.state = s;
    this.o.onState(s);
  }
}
