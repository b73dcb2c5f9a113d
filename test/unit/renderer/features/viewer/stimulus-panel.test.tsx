// The viewer's "Stimulus on screen" panel: the stimulus with its caption and question, in words where it can't
// be shown (never a broken image), a video that never plays on its own, and server text as text.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { StimulusView } from '../../../../../src/shared/ipc/channels/stimuli';
import { StimulusPanel } from '../../../../../src/renderer/features/viewer/StimulusPanel';
import { interviewStimuli, onScreenAt } from '../../../../../src/renderer/features/viewer/stimulus-timeline';

const Q = ['Take a look at "Concept A". What is your first impression?', 'Take a look at the <b>pouch</b>. What do you think?'];
const stim = (id: string, over: Partial<StimulusView> = {}): StimulusView => ({
  stimuli_id: id,
  display_order: 0,
  kind: 'image',
  media_url: `/__fieldwork/media/stimulus/w/p/${id}`,
  media_saved: true,
  caption: 'Concept A',
  question_items: [Q[0]!],
  ...over,
});
const TURNS = [
  { role: 'AI', text: Q[0]! },
  { role: 'User', text: 'Nice.' },
  { role: 'AI', text: Q[1]! },
  { role: 'User', text: 'Meh.' },
];
/** What the markup reads as: tags dropped, the entities React escapes quotes with read back. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

function render(stimuli: StimulusView[], turn: number, offline = false) {
  const ctx = interviewStimuli(TURNS, Q, stimuli);
  return renderToStaticMarkup(<StimulusPanel ctx={ctx} onScreen={onScreenAt(ctx, turn)} offline={offline} error={null} onRetry={() => undefined} />);
}

describe('StimulusPanel', () => {
  it('shows the image from main’s media route with its caption, labelled with the question it was shown with', () => {
    const html = render([stim('a')], 1);
    expect(html).toContain('<img class="stim-media" src="/__fieldwork/media/stimulus/w/p/a" alt="Concept A"');
    expect(html).toContain('<figcaption class="stim-caption">Concept A</figcaption>');
    expect(text(html)).toContain(`Shown with Q1: ${Q[0]!}`);
  });

  it('says so in words, with no image, when the file is not saved here and the service can’t be reached', () => {
    const html = render([stim('a', { media_saved: false })], 0, true);
    expect(html).not.toContain('<img');
    expect(text(html)).toContain("Not saved on this computer, and the service can't be reached");
    // Saved here, it shows offline too.
    expect(render([stim('a')], 0, true)).toContain('<img');
  });

  it('shows a video’s first frame, muted, never playing on its own, with a Play button named for it', () => {
    const html = render([stim('v', { kind: 'video', caption: 'Unboxing' })], 0);
    expect(html).toMatch(/<video [^>]*src="\/__fieldwork\/media\/stimulus\/w\/p\/v#t=0\.1"/);
    expect(html).toMatch(/preload="metadata"/);
    expect(html).not.toMatch(/autoplay/i);
    // The browser's own controls do not fit a thumbnail.
    expect(html).not.toMatch(/controls/);
    expect(html).toMatch(/<button type="button" class="stim-video-play" aria-label="Play video: Unboxing">/);
  });

  it('renders the service’s question and caption text as text, never as markup', () => {
    const html = render([stim('a', { caption: '<img src=x onerror=alert(1)>', question_items: [Q[1]!] })], 2);
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;b&gt;pouch&lt;/b&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('says when the question at the playhead has no stimulus, and when the interview has not reached a question', () => {
    expect(text(render([stim('a')], 3))).toContain('No stimulus is shown with this question.');
    const ctx = interviewStimuli([{ role: 'AI', text: 'Hello and welcome.' }, ...TURNS], Q, [stim('a')]);
    const html = renderToStaticMarkup(<StimulusPanel ctx={ctx} onScreen={onScreenAt(ctx, 0)} offline={false} error={null} onRetry={() => undefined} />);
    expect(text(html)).toContain('Before the first question.');
    expect(text(html)).toContain('Nothing is on screen yet.');
  });

  it('lists the stimuli it cannot match, and why', () => {
    const html = render(
      [
        stim('a'),
        stim('b', { display_order: 1, caption: null, question_items: [] }),
        stim('c', { display_order: 2, caption: 'Jar', question_items: ['Do you like the jar?'] }),
      ],
      0,
    );
    const t = text(html);
    expect(t).toContain("2 stimuli not matched to this interview's questions");
    expect(t).toContain('Stimulus 2 : not shown with any question.');
    expect(t).toContain('Jar : shown with a question not found in this interview: “Do you like the jar?”.');
  });

  it('notes when the question was matched by its wording rather than word for word', () => {
    const ctx = interviewStimuli([{ role: 'AI', text: 'First, Concept A. What is your first impression of it?' }], Q, [stim('a')]);
    const html = renderToStaticMarkup(<StimulusPanel ctx={ctx} onScreen={onScreenAt(ctx, 0)} offline={false} error={null} onRetry={() => undefined} />);
    expect(text(html)).toContain('Asked in other words; matched by its wording.');
    expect(text(render([stim('a')], 0))).not.toContain('in other words');
  });
});
