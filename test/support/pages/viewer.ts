import type { Locator, Page } from 'playwright-core';
import { highlightCard } from './interviews';

/** The code picker: type-ahead over the codebook (a combobox and its list), the codes chosen, Apply. */
export const codePicker = (root: Locator) => ({
  root,
  input: root.getByRole('combobox', { name: 'Find or create a code' }),
  options: root.getByRole('listbox', { name: 'Codes' }).getByRole('option'),
  option: (name: string | RegExp) => root.getByRole('listbox', { name: 'Codes' }).getByRole('option', { name }),
  /** The chips of the codes it will apply. */
  chosen: root.getByRole('list', { name: 'Codes to apply' }).getByRole('listitem'),
  note: root.getByRole('textbox', { name: 'Note' }),
  apply: root.getByRole('button', { name: /^(Apply codes|Save codes)$/ }),
});

/**
 * The interview viewer: the video, its transcript, highlights. What the player is doing is read from the video
 * element and the turn marked as the current one (aria-current), which is what the screen shows.
 */
export const viewer = (page: Page) => {
  const heading = (participant: string) => page.getByRole('heading', { name: participant, level: 1 });
  const transcript = page.getByRole('list', { name: 'Transcript turns' });
  const stimulusPanel = page.getByRole('complementary', { name: 'Stimulus on screen' });
  return {
    heading,
    /** The whole viewer, named by its participant. */
    region: (participant: string) => page.getByRole('region', { name: participant, exact: true }),
    /** The interview is open: its heading and its transcript are there. */
    ready: async (participant: string) => {
      await heading(participant).waitFor({ timeout: 20_000 });
      await transcript.waitFor();
    },
    /** The line under the heading (date, duration, state notes, source); the app gives it no role. */
    meta: page.locator('.viewer-meta'),
    /** What the header says about an interview that is not simply complete, recorded and timed ("Incomplete", "Times unknown"). */
    stateNotes: page.getByRole('list', { name: 'About this interview' }),
    player: page.getByRole('region', { name: /^Video of the interview with / }),
    play: page.getByRole('button', { name: 'Play Video' }),
    /** The video has loaded and the player keys act on it (the frame stops being busy); the frame has no role. */
    playerReady: () => page.locator('.player-frame[aria-busy="false"]').waitFor({ timeout: 20_000 }),
    speed: page.getByLabel(/^Speed /),
    saveOffline: page.getByRole('button', { name: /Save for offline/ }),
    /** The video is saved on, and so plays from, this computer rather than the service. */
    savedHere: page.getByText('Saved on this computer', { exact: true }),
    /** The video plays from the service (not saved here). */
    streaming: page.getByText('Streaming', { exact: true }),
    exportButton: page.getByRole('button', { name: 'Export…' }),
    /** Previous / Next interview in the order of the Interviews list, and "3 of 24" between them. */
    stepper: page.getByRole('navigation', { name: 'Interviews in this list' }),
    nextInterview: page.getByRole('button', { name: 'Next interview' }),
    previousInterview: page.getByRole('button', { name: 'Previous interview' }),
    /** The viewer's own tabs (details, highlights). */
    tab: (name: string) => page.getByRole('tablist', { name: 'Interview sections' }).getByRole('tab', { name }),
    transcriptRegion: page.getByRole('region', { name: /^Transcript/ }),
    transcript,
    /** A transcript turn by its index in the interview (the transcript only keeps the visible turns in the page). */
    turn: (index: number) => page.locator(`[data-turn="${index}"]`),
    /** Selects characters [from, to) of a turn's text, as a drag would. */
    selectWords: (index: number, from: number, to: number) =>
      page.evaluate(
        ([i, a, b]) => {
          const el = document.querySelector(`[data-turn="${i}"] [data-turn-text]`)!;
          const at = (pos: number): [Node, number] => {
            const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            let left = pos;
            for (let n = walk.nextNode(); n; n = walk.nextNode()) {
              const len = n.textContent!.length;
              if (left <= len) return [n, left];
              left -= len;
            }
            throw new Error(`position ${pos} is past the text`);
          };
          const r = document.createRange();
          r.setStart(...at(a!));
          r.setEnd(...at(b!));
          document.getSelection()!.removeAllRanges();
          document.getSelection()!.addRange(r);
        },
        [index, from, to],
      ),
    turnText: (index: number) => page.locator(`[data-turn="${index}"] [data-turn-text]`),
    turns: page.locator('[data-turn]'),
    /** The highlighted runs of a turn's text (<mark>), in reading order. */
    marks: (index: number) => page.locator(`[data-turn="${index}"] [data-turn-text] mark`),
    /** The codes of the codings that start in a turn, named in the margin beside it (their visible text). */
    turnTags: (index: number) => page.locator(`[data-turn="${index}"]`).getByRole('list', { name: 'Codings' }).getByRole('listitem'),
    /** A coding's code in the margin, a toggle button named "Price: 'too dear…' by You" that selects the coding. */
    marginCoding: (name: string | RegExp) => page.getByRole('list', { name: 'Transcript turns' }).getByRole('button', { name }),
    /** The margin's coloured bars beside a turn (drawn only; the buttons above name them): their colours, by lane. */
    marginBars: (index: number) =>
      page.locator(`[data-turn="${index}"] .turn-bar`).evaluateAll((els) => els.map((e) => getComputedStyle(e).getPropertyValue('--code-color').trim())),
    /** The coding chosen in the margin, under the transcript's bar: codes, coder and when, Recode / Move / Remove. */
    selectedCoding: page.getByRole('region', { name: 'Selected coding' }),
    /** The codings on the bar under the video, each a button that plays from there ("Coding at 02:14: pricing"). */
    timeline: page.getByRole('list', { name: 'Codings on the timeline' }),
    timelineMark: (name: string | RegExp) => page.getByRole('list', { name: 'Codings on the timeline' }).getByRole('button', { name }),
    /** The speaker labels of the turns on screen ("AI", "Participant"). */
    speakers: transcript.locator('.turn-role'),
    timeUnknown: transcript.getByText('time unknown', { exact: true }),
    /** Opens the code picker on the transcript's selection (as C or H does). */
    highlightButton: page.getByRole('button', { name: /^Code selection/ }),
    follow: page.getByRole('checkbox', { name: 'Follow playhead' }),
    /** In a STIMULI study: what the participant had on screen at the playhead (or where the researcher is reading). */
    stimulusPanel,
    /** The stimuli in the panel, each a figure named by its caption. */
    shownStimuli: stimulusPanel.getByRole('list', { name: 'Shown to the participant' }).getByRole('figure'),
    shownStimulus: (caption: string) => stimulusPanel.getByRole('figure', { name: caption, exact: true }),
    /** The panel's "Shown with Q2: <question>" line. */
    shownWith: stimulusPanel.getByRole('paragraph').filter({ hasText: /^Shown with/ }),
    /** What the panel says in place of a stimulus ("No stimulus is shown with this question.", "Nothing is on screen yet."). */
    nothingShown: stimulusPanel.getByText(/^(No stimulus is shown with this question|Nothing is on screen yet)\.$/),
    /** A turn's note that a stimulus comes on screen there ("On screen from here: Concept A: kraft box"). */
    turnStimulus: (index: number) => page.locator(`[data-turn="${index}"]`).getByText(/^On screen from here:/),
    /** Whether an image in the panel has loaded (a broken image has no natural size). */
    imageLoaded: (caption: string) =>
      stimulusPanel
        .getByRole('img', { name: caption, exact: true })
        .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    /** The code picker on a selection ("Apply codes") or on a coding ("Recode"). */
    addHighlight: page.getByRole('dialog', { name: 'Apply codes' }),
    codePicker: codePicker(page.getByRole('dialog', { name: /^(Apply codes|Recode)$/ })),
    /** The interview's highlight cards, under the player. */
    highlights: highlightCard(page.getByRole('article', { name: /^Highlight:/ })),
    time: () => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1),
    duration: () => page.evaluate(() => document.querySelector('video')?.duration ?? NaN),
    paused: () => page.evaluate(() => document.querySelector('video')?.paused ?? true),
    rate: () => page.evaluate(() => document.querySelector('video')?.playbackRate ?? -1),
    activeTurn: () => page.evaluate(() => Number(document.querySelector('[aria-current="true"][data-turn]')?.getAttribute('data-turn') ?? -1)),
    /** The transcript is longer than its box, so it can be scrolled (the scroll box has no role of its own). */
    transcriptScrolls: () => page.locator('.transcript-scroll').evaluate((el) => el.scrollHeight > el.clientHeight),
    /** The current turn is scrolled into the transcript's view. */
    activeInView: () =>
      page.evaluate(() => {
        const row = document.querySelector('[aria-current="true"][data-turn]');
        const box = document.querySelector('.transcript-scroll');
        if (!row || !box) return false;
        const r = row.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        return r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
      }),
  };
};
