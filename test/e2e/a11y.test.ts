import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSkipReason, shot } from '../support/browser';
import { useHarness } from '../support/e2e';
import { app } from '../support/pages';

const skip = browserSkipReason();
if (skip) console.warn(`e2e a11y ${skip}`);

/** Roles a user operates; each needs a name a screen reader can say. Progress bars are labelled widgets too. */
const NAMED_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'checkbox',
  'radio',
  'switch',
  'combobox',
  'listbox',
  'tab',
  'menuitem',
  'slider',
  'spinbutton',
  'progressbar',
  'dialog',
  'tabpanel',
  'table',
]);

type Unnamed = { role: string; html: string };

/** Walks Chromium's computed accessibility tree (the names assistive technology gets) for unnamed widgets. */
async function unnamedWidgets(page: Page): Promise<{ checked: number; unnamed: Unnamed[] }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Accessibility.enable');
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { ignored: boolean; role?: { value: string }; name?: { value: string }; backendDOMNodeId?: number }[];
    };
    const unnamed: Unnamed[] = [];
    let checked = 0;
    for (const n of nodes) {
      const role = n.role?.value ?? '';
      if (n.ignored || !NAMED_ROLES.has(role)) continue;
      checked++;
      if ((n.name?.value ?? '').trim() !== '') continue;
      let html = '';
      if (n.backendDOMNodeId) {
        const { object } = (await cdp.send('DOM.resolveNode', { backendNodeId: n.backendDOMNodeId })) as { object: { objectId: string } };
        const r = (await cdp.send('Runtime.callFunctionOn', {
          objectId: object.objectId,
          functionDeclaration: 'function () { return this.outerHTML.slice(0, 200); }',
          returnByValue: true,
        })) as { result: { value: string } };
        html = r.result.value;
      }
      unnamed.push({ role, html });
    }
    return { checked, unnamed };
  } finally {
    await cdp.detach();
  }
}

type ContrastFailure = { text: string; where: string; fg: string; bg: string; ratio: number; needed: number };

/**
 * WCAG AA text contrast for every visible piece of text on the screen (and every input's value):
 * the element's colour against its effective background, composited up the ancestors.
 */
function contrastAudit(): { checked: number; failures: ContrastFailure[]; unparsed: string[] } {
  type Rgba = [number, number, number, number];
  const unparsed: string[] = [];
  const parse = (css: string): Rgba | null => {
    // color-mix() in sRGB computes to color(srgb r g b / a), channels from 0 to 1.
    const srgb = /^color\(srgb ([^)]+)\)$/.exec(css.trim());
    if (srgb) {
      const p = srgb[1]!
        .split(/[\s/]+/)
        .filter(Boolean)
        .map(Number);
      return [p[0]! * 255, p[1]! * 255, p[2]! * 255, p[3] ?? 1];
    }
    const m = /^rgba?\(([^)]+)\)$/.exec(css.trim());
    if (!m) {
      unparsed.push(css);
      return null;
    }
    const parts = m[1]!
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
  };
  const over = (top: Rgba, below: Rgba): Rgba => {
    const a = top[3] + below[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    const mix = (i: 0 | 1 | 2) => (top[i] * top[3] + below[i] * below[3] * (1 - top[3])) / a;
    return [mix(0), mix(1), mix(2), a];
  };
  const lum = ([r, g, b]: Rgba) => {
    const ch = (v: number) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
  };
  const background = (el: Element): Rgba => {
    const layers: Rgba[] = [];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) {
        layers.push(c);
        if (c[3] >= 1) break;
      }
    }
    // The canvas behind everything follows the page's colour scheme.
    let acc: Rgba =
      matchMedia('(prefers-color-scheme: dark)').matches && document.documentElement.dataset.theme !== 'light' ? [0, 0, 0, 1] : [255, 255, 255, 1];
    for (const layer of layers.reverse()) acc = over(layer, acc);
    return acc;
  };
  const describe = (el: Element) => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && parts.length < 3; e = e.parentElement)
      parts.unshift(e.tagName.toLowerCase() + (e.classList.length ? `.${[...e.classList].join('.')}` : ''));
    return parts.join(' > ');
  };
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return (
      r.width > 0 &&
      r.height > 0 &&
      s.visibility !== 'hidden' &&
      s.display !== 'none' &&
      Number(s.opacity) > 0 &&
      !el.closest('[aria-hidden="true"], .visually-hidden')
    );
  };
  const failures: ContrastFailure[] = [];
  let checked = 0;
  const targets = new Set<Element>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.textContent?.trim() && n.parentElement) targets.add(n.parentElement);
  }
  for (const el of document.querySelectorAll('input:not([type=checkbox]):not([type=radio]):not([type=hidden]), textarea, select')) targets.add(el);
  for (const el of targets) {
    if (['SCRIPT', 'STYLE', 'OPTION', 'TITLE'].includes(el.tagName) || !visible(el)) continue;
    // Disabled controls are exempt from WCAG 1.4.3.
    if (el.closest(':disabled, [aria-disabled="true"]')) continue;
    const s = getComputedStyle(el);
    const fgRaw = parse(s.color);
    if (!fgRaw) continue;
    const bg = background(el);
    const fg = over(fgRaw, bg);
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a) as [number, number];
    const ratio = (hi + 0.05) / (lo + 0.05);
    const size = parseFloat(s.fontSize);
    const bold = Number(s.fontWeight) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    checked++;
    if (ratio < needed)
      failures.push({
        text: (el.textContent ?? (el as HTMLInputElement).value ?? '').trim().slice(0, 40),
        where: describe(el),
        fg: s.color,
        bg: `rgb(${bg.slice(0, 3).map(Math.round).join(', ')})`,
        ratio: Math.round(ratio * 100) / 100,
        needed,
      });
  }
  return { checked, failures, unparsed: [...new Set(unparsed)] };
}

describe.skipIf(skip !== null)('accessibility: names and contrast on every screen, both themes', () => {
  // A fresh profile per test (each sees the first run), so the file's own harness is not needed.
  const e2e = useHarness({ harness: false });

  /** Checks the screen as it is now; returns a label → counts summary so the test can see it did work. */
  async function audit(page: Page, label: string, results: Record<string, string>) {
    const names = await unnamedWidgets(page);
    expect(names.unnamed, `${label}: widgets without an accessible name`).toEqual([]);
    expect(names.checked, `${label}: widgets found`).toBeGreaterThan(0);
    const contrast = await page.evaluate(contrastAudit);
    expect(contrast.unparsed, `${label}: colours the audit could not read`).toEqual([]);
    expect(contrast.failures, `${label}: text below WCAG AA contrast`).toEqual([]);
    expect(contrast.checked, `${label}: text elements checked`).toBeGreaterThan(3);
    results[label] = `${names.checked} widgets, ${contrast.checked} text elements`;
  }

  it.each(['light', 'dark'] as const)(
    '%s theme: every text/background token pair the app uses meets AA',
    async (scheme) => {
      const harness = await e2e.startHarness();
      const page = await e2e.browser.newPage({ colorScheme: scheme });
      await page.goto(harness.host.url);
      await app(page).firstRun.welcome.waitFor();
      // [foreground token, background tokens]: the pairs components put text in.
      const pairs: [string, string[]][] = [
        ['--text', ['--bg', '--bg-raised', '--bg-sunken', '--bg-hover', '--accent-soft', '--warning-soft', '--danger-soft', '--success-soft']],
        ['--text-muted', ['--bg', '--bg-raised', '--bg-sunken', '--bg-hover']],
        ['--accent', ['--bg', '--bg-raised', '--bg-sunken']],
        ['--accent-strong', ['--accent-soft', '--bg-raised', '--bg-sunken']],
        ['--accent-text', ['--accent', '--accent-strong']],
        ['--success', ['--bg', '--bg-raised', '--success-soft']],
        ['--warning', ['--bg', '--bg-raised', '--warning-soft']],
        ['--danger', ['--bg', '--bg-raised', '--danger-soft']],
        ['--danger-text', ['--danger']],
      ];
      const rows = await page.evaluate((pairs) => {
        const probe = document.createElement('span');
        document.body.append(probe);
        const rgb = (token: string, prop: 'color' | 'backgroundColor') => {
          probe.style.color = '';
          probe.style.backgroundColor = '';
          probe.style[prop] = `var(${token})`;
          return (getComputedStyle(probe)[prop].match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        };
        const lum = (c: number[]) =>
          c
            .map((v) => v / 255)
            .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
            .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
        const out: { fg: string; bg: string; ratio: number }[] = [];
        for (const [fg, bgs] of pairs) {
          for (const bg of bgs) {
            const [a, b] = [lum(rgb(fg, 'color')), lum(rgb(bg, 'backgroundColor'))].sort((x, y) => y - x) as [number, number];
            out.push({ fg, bg, ratio: Math.round(((a + 0.05) / (b + 0.05)) * 100) / 100 });
          }
        }
        probe.remove();
        return out;
      }, pairs);
      expect(rows).toHaveLength(pairs.reduce((n, [, b]) => n + b.length, 0));
      console.info(`token contrast ${scheme}:`, rows.map((r) => `${r.fg} on ${r.bg}: ${r.ratio}`).join('; '));
      expect(rows.filter((r) => r.ratio < 4.5)).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it.each(['light', 'dark'] as const)(
    '%s theme: first run, studies, every project tab, a STIMULI interview, settings, add workspace, shortcuts and search',
    async (scheme) => {
      // A fresh profile per theme, so each sees the first run.
      const harness = await e2e.startHarness();
      const { page, problems } = await e2e.newPage({ viewport: { width: 1280, height: 860 }, colorScheme: scheme });
      const ui = app(page);
      const results: Record<string, string> = {};
      await page.goto(harness.host.url);

      // The audit itself can fail: faint text planted on the page is caught.
      await ui.firstRun.welcome.waitFor();
      await page.evaluate(() => {
        const p = document.createElement('p');
        p.id = 'planted';
        p.textContent = 'planted faint text';
        p.style.cssText = 'color: #9aa0a6; background: #ffffff';
        document.body.append(p);
      });
      expect((await page.evaluate(contrastAudit)).failures.map((f) => f.text)).toEqual(['planted faint text']);
      await page.evaluate(() => document.getElementById('planted')?.remove());

      // Show the first run's validation messages too: they are text that must be readable.
      await ui.firstRun.form.add.click();
      await ui.firstRun.form.problems.first().waitFor();
      await audit(page, 'first run', results);
      await ui.firstRun.tryDemo.click();
      await ui.studies.ready();
      await expect.poll(() => ui.header.syncState.innerText(), { timeout: 30_000 }).toMatch(/Synced/);
      await audit(page, 'studies', results);

      for (const study of ['Meal-kit churn', 'Packaging concepts', 'Onboarding interviews']) {
        await ui.sidebar.openStudy(study, { timeout: 15_000 });
        const tabs = await ui.study.tabs.getByRole('tab').allInnerTexts();
        expect(tabs.length).toBeGreaterThanOrEqual(4);
        for (const tab of tabs) {
          await ui.study.tab(tab).click();
          await expect.poll(() => ui.study.tab(tab).getAttribute('aria-selected')).toBe('true');
          await audit(page, `${study} / ${tab}`, results);
        }
      }

      // A STIMULI interview in the viewer, with the stimulus on screen beside its transcript.
      await ui.sidebar.openStudy('Packaging concepts');
      await ui.study.openTab('Interviews');
      await ui.interviews.rowAt(2).click();
      // The interview opens on its first question, before any concept: go to where concept A is shown.
      await ui.viewer.turns.filter({ hasText: 'Concept A: kraft box' }).first().click();
      await ui.viewer.shownStimuli.first().waitFor({ timeout: 15_000 });
      await audit(page, 'viewer, a STIMULI interview', results);
      await ui.header.back.click();

      // The report with its top theme open and all its quotes shown: who said each, the interviews it quotes.
      await ui.report.open('Meal-kit churn');
      const theme = ui.report.themeRows.first();
      if ((await theme.getAttribute('aria-expanded')) === 'false') await theme.click();
      const detail = await ui.report.themeDetail(theme);
      const showAll = ui.report.showAll(detail);
      if ((await showAll.getAttribute('aria-expanded')) === 'false') await showAll.click();
      await ui.report.jump(detail).first().waitFor();
      await audit(page, 'report, a theme open', results);

      // A guide edit's restored draft note, with the saved version open beside it.
      await ui.sidebar.openStudy('Onboarding interviews');
      await ui.study.openTab('Guide');
      await ui.guide.edit.click();
      await ui.guide.form.question(1).fill('A draft question');
      await ui.study.openTab('Interviews');
      await ui.study.openTab('Guide');
      await ui.guide.form.draft.restored.waitFor();
      await audit(page, 'guide draft restored', results);
      await ui.guide.form.draft.discard.click();
      await ui.guide.edit.waitFor();

      // The Export dialog, with participant data on so every control is enabled and checked too.
      await ui.sidebar.study('Meal-kit churn').click();
      await ui.study.exportButton.click();
      const exportDialog = ui.exportDialog('Meal-kit churn');
      await exportDialog.dialog.waitFor();
      await exportDialog.box('Include participant data').check();
      await audit(page, 'export dialog', results);
      await page.keyboard.press('Escape');
      await expect.poll(() => exportDialog.dialog.count()).toBe(0);

      // The viewer of the study's first interview: header, player, transcript, highlights and tabs.
      await ui.study.openTab('Interviews');
      await ui.interviews.rowAt(2).click();
      await ui.viewer.transcript.waitFor({ timeout: 20_000 });
      await ui.viewer.turns.first().waitFor();
      await audit(page, 'viewer', results);
      // Coding: the code picker open on selected words, then the viewer with the coding chosen in the margin.
      await page.locator('.turn-participant [data-turn-text]').first().selectText();
      await page.keyboard.press('c');
      await ui.viewer.codePicker.root.waitFor();
      await page.keyboard.type('Walked code');
      await audit(page, 'code picker', results);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await expect.poll(() => ui.viewer.codePicker.root.count()).toBe(0);
      await ui.viewer.marginCoding(/^Walked code: /).click();
      await ui.viewer.selectedCoding.waitFor();
      await audit(page, 'viewer, a coding chosen', results);
      await ui.header.back.click();
      await ui.interviews.table.waitFor();

      // The launch dialog, with its credits and expected charge read (nothing is launched).
      await ui.sidebar.study('Onboarding interviews').click();
      await ui.study.launchButton.click();
      const launch = ui.launchDialog();
      await launch.cost.waitFor();
      await audit(page, 'launch dialog', results);
      await page.keyboard.press('Escape');
      await expect.poll(() => launch.dialog.count()).toBe(0);

      const settings = ui.settings;
      await settings.open();
      await settings.offlineVideos.usage.waitFor();
      // An inline error, so the error colour is checked on its real background.
      await settings.sync.interval.fill('0');
      await settings.sync.alert.waitFor();
      await audit(page, 'settings', results);
      // And the success note after a save.
      await settings.sync.interval.fill('20');
      await settings.sync.save.click();
      await settings.sync.status.filter({ hasText: 'Saved' }).waitFor();
      await audit(page, 'settings saved', results);
      await shot(page, `a11y-settings-${scheme}`);

      await settings.removeButtons.first().click();
      await settings.removeDialog.dialog.waitFor();
      expect((await unnamedWidgets(page)).unnamed).toEqual([]);
      await settings.removeDialog.cancel.click();

      await ui.sidebar.addWorkspace.click();
      await ui.firstRun.form.heading.waitFor();
      await audit(page, 'add workspace', results);

      await page.keyboard.press('?');
      await ui.shortcuts.dialog.waitFor();
      expect((await unnamedWidgets(page)).unnamed).toEqual([]);
      await page.keyboard.press('Escape');

      await page.keyboard.press('Control+k');
      await ui.palette.dialog.waitFor();
      expect((await unnamedWidgets(page)).unnamed).toEqual([]);
      // With results, a question collapsed and then listing the interviews that asked it.
      await ui.palette.input.fill('kept you subscribed');
      await ui.palette.settle();
      await audit(page, 'search results', results);
      await ui.palette.input.fill('');
      await page.keyboard.press('Escape');

      console.info(`a11y ${scheme}:`, results);
      expect(Object.keys(results).length).toBeGreaterThanOrEqual(10);
      expect(problems).toEqual([]);
      await page.close();
    },
    120_000,
  );
});
