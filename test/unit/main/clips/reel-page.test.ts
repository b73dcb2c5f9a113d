// The reel page: one self-contained file, everything from the service escaped, a CSP that loads only
// the local video and its captions, no script and no address elsewhere, the quotes in reel order.
import { describe, expect, it } from 'vitest';
import { REEL_PAGE_CSP, reelTime, renderReelPage } from '../../../../src/main/clips/reel-page';

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n<v Interviewer>Hello\n';
const page = (o: Partial<Parameters<typeof renderReelPage>[0]> = {}) =>
  renderReelPage({
    title: 'Price versus value',
    video: 'reel.webm',
    vtt: VTT,
    notes: ['2 clips cut from the saved videos, nothing uploaded.'],
    quotes: [
      { startMs: 0, endMs: 9500, code: 'Price', participant: 'P01', text: 'Too dear.' },
      { startMs: 9500, endMs: 65_000, code: 'Price', participant: 'P04', text: 'Not worth it.' },
    ],
    ...o,
  });

describe('renderReelPage', () => {
  it('plays the reel with its captions on, and lists the quotes in order with code, participant and reel time', () => {
    const html = page();
    expect(html).toContain('<source src="reel.webm" type="video/webm">');
    const track = /<track kind="captions" src="data:text\/vtt;charset=utf-8;base64,([A-Za-z0-9+/=]+)" srclang="en" label="Captions" default>/.exec(html);
    expect(Buffer.from(track![1]!, 'base64').toString('utf8')).toBe(VTT);
    const items = [
      ...html.matchAll(
        /<li>\s*<div class="meta"><span class="time">([^<]+)<\/span><span class="participant">([^<]+)<\/span><span class="code">([^<]+)<\/span><\/div>\s*<blockquote>([^<]*)<\/blockquote>/g,
      ),
    ].map((m) => m.slice(1));
    expect(items).toEqual([
      ['0:00–0:09', 'P01', 'Price', 'Too dear.'],
      ['0:09–1:05', 'P04', 'Price', 'Not worth it.'],
    ]);
    expect(html).toContain('<li>2 clips cut from the saved videos, nothing uploaded.</li>');
  });

  it('escapes every string it is given', () => {
    const evil = '<script>alert(1)</script>"\'&';
    const html = page({
      title: evil,
      notes: [evil],
      quotes: [{ startMs: 0, endMs: 1000, code: evil, participant: evil, text: `${evil}\n<img src=x onerror=alert(2)>` }],
      video: 'reel".webm',
    });
    expect(html).not.toMatch(/<script|<img|onerror=alert\(2\)>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    expect(html).toContain('src="reel%22.webm"');
  });

  it('loads nothing but its own video and captions: strict CSP, no script, no address elsewhere', () => {
    const html = page();
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1]!.replace(/&#39;/g, "'");
    expect(csp).toBe(REEL_PAGE_CSP);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).not.toMatch(/script-src|https?:|\*/);
    expect(html).not.toMatch(/<script|javascript:|\son\w+=/i);
    expect(html).not.toMatch(/(https?:)?\/\/[a-z]/i);
    expect(html).not.toMatch(/<link|@import|url\(/i);
  });

  it('says times as minutes and seconds, hours when the reel is that long', () => {
    expect(reelTime(0)).toBe('0:00');
    expect(reelTime(65_400)).toBe('1:05');
    expect(reelTime(3_723_000)).toBe('1:02:03');
  });
});
