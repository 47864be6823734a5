// Robust at the edges, on the page in Chromium (docs/page.md "Messages that echo a value" and "Slow
// motion"): an address with a 100,000-character bad value that starts with a right-to-left override
// shows at most 60 characters of it, in a <bdi>, and the page's words after it still read left to right;
// the bad view= is named and left out of the share link. Then a heavy set-up (each step made to cost
// 30 ms) plays in slow motion: one step a frame, and the HUD's "Slow motion" badge with its polite
// announcement.
import { expect, it } from 'vitest';
import { parseEmbedOptions } from '../../../web/src/app/embed-options';
import { useAppFixture } from './support';

const fixture = useAppFixture();
const RLO = '\u202E';

/** The left edge of the text node's first and last character on the screen. */
function edges(node: Text): { first: number; last: number } {
  const r = document.createRange();
  const at = (i: number): number => {
    r.setStart(node, i);
    r.setEnd(node, i + 1);
    return r.getBoundingClientRect().left;
  };
  const s = node.data.trimEnd();
  return { first: at(0), last: at(s.length - 1) };
}

it('echoes 60 characters of a hostile value in a <bdi>, and shows slow motion for a heavy set-up', async () => {
  const hostile = `${RLO}${'x'.repeat(100_000)}`;
  const query = `?case=I&tilt=${encodeURIComponent(hostile)}&view=${encodeURIComponent(hostile)}`;
  const { messages } = parseEmbedOptions(query);
  const t0 = performance.now();
  const app = await fixture.mount({ query, messages, autoplay: false });
  const mountMs = performance.now() - t0;

  // The address box: the tilt's value in a <bdi>, 60 characters and an ellipsis.
  const item = fixture.host.querySelector<HTMLElement>('.url-msg li[data-key="tilt"]');
  expect(item).not.toBeNull();
  const bdi = item!.querySelectorAll('bdi');
  expect(bdi).toHaveLength(1);
  expect(bdi[0]!.textContent).toBe(`${RLO}${'x'.repeat(59)}…`);
  expect(item!.textContent!.length).toBeLessThan(200);
  // The words after the value are laid out left to right: the override stays inside the <bdi>.
  const after = bdi[0]!.nextSibling;
  expect(after).toBeInstanceOf(Text);
  expect((after as Text).data).toContain("using the preset's value.");
  const e = edges(after as Text);
  expect(e.first).toBeLessThan(e.last);
  // The notice over the view names the bad view= the same way, and the share link leaves it out.
  const notice = fixture.host.querySelector<HTMLElement>('.lgvci-option-msg p');
  expect(notice?.textContent).toContain('view: must be why');
  expect(notice!.querySelector('bdi')!.textContent).toBe(`${RLO}${'x'.repeat(59)}…`);
  expect(app.urlState.shareUrl()).not.toContain('view=');
  expect(app.urlState.shareUrl().length).toBeLessThan(200);
  // Nothing on the page echoed the value whole (it was 11 s of layout).
  expect(fixture.host.textContent!.includes('x'.repeat(61))).toBe(false);
  expect(mountMs).toBeLessThan(20_000);

  // A heavy set-up: every step made to cost 30 ms of main thread.
  const model = app.model;
  const step = model.step.bind(model);
  const stepped: number[] = [];
  model.step = (n: number) => {
    const until = performance.now() + 30 * n;
    while (performance.now() < until) {
      /* a heavy step */
    }
    stepped.push(n);
    return step(n);
  };
  const badge = app.hud.slowBadge;
  expect(badge.hidden).toBe(true);
  expect(badge.textContent).toContain('Slow motion');
  app.play();
  await expect.poll(() => !badge.hidden, { timeout: 15_000, interval: 50 }).toBe(true);
  expect(app.hud.slowAnnouncer.textContent).toBe('Slow motion: the steps take longer to compute than real time allows.');
  expect(app.hud.slowAnnouncer.getAttribute('aria-live')).toBe('polite');
  // After the set-up's first frame the budget is one step a frame (30 ms of stepping, not 8 steps' 240 ms).
  await expect.poll(() => stepped.length, { timeout: 15_000, interval: 50 }).toBeGreaterThanOrEqual(6);
  expect(stepped.slice(1)).toEqual(stepped.slice(1).map(() => 1));
  // Paused, the badge goes without a word.
  app.pause();
  await expect.poll(() => badge.hidden, { timeout: 5_000, interval: 50 }).toBe(true);
  expect(app.hud.slowAnnouncer.textContent).toBe('');
});
