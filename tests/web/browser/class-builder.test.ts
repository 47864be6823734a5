// "Customise for class" (docs/course-material.md "Customise for class"): the teacher's builder, opened
// from the share dialog, makes a link that hides and locks the chosen controls; the app mounted from
// that link shows them hidden and locked, and no edit (input events, keys, typing, a loaded set-up)
// changes a locked value, the controller's parameters or the simulation's config. The page's address
// here is web/index.html, the page's path in the repository.
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { App } from '../../../web/src/app/app';
import { parseEmbedOptions } from '../../../web/src/app/embed-options';
import type { ClassBuilder } from '../../../web/src/controls/class-builder';
import { setLocale } from '../../../web/src/i18n';
import { typeInto, useAppFixture } from './support';

const fx = useAppFixture();
let original = '';

beforeEach(() => {
  original = location.href;
  history.replaceState(history.state, '', '/web/index.html');
});

afterEach(async () => {
  history.replaceState(history.state, '', original);
  await setLocale('en');
});

/** axe's violations in the dialog (not inside the preview's frame, a page of its own). */
async function dialogViolations(b: ClassBuilder): Promise<string[]> {
  const r = await axe.run(b.element, { resultTypes: ['violations'], iframes: false });
  return r.violations.map((v) => `${v.id} (${v.impact ?? ''}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Open the builder the way a teacher does: Share, then "Customise for class…". */
async function openBuilder(a: App): Promise<ClassBuilder> {
  a.chrome.shareButton.focus();
  a.chrome.shareButton.click();
  await page.getByRole('button', { name: 'Customise for class…' }).click();
  await expect.element(page.getByRole('dialog', { name: 'Customise for class' })).toBeVisible();
  return a.classBuilder.builder!;
}

/** The student opens the link: the app mounted from its address, which it keeps in step. */
async function openAsStudent(link: string, locale?: 'de'): Promise<App> {
  const u = new URL(link);
  history.replaceState(history.state, '', `${u.pathname}${u.search}`);
  return fx.mount({ query: location.search, embed: parseEmbedOptions(location.search).options, syncUrl: true, ...(locale ? { locale } : {}) });
}

describe('Customise for class', () => {
  it('builds a link hiding and locking the chosen controls; a locked value cannot be changed from the page', async () => {
    const teacher = await fx.mount({ caseName: 'IV', autoplay: false });
    expect(teacher.classBuilder.builder).toBeNull(); // its code is loaded on first use
    const b = await openBuilder(teacher);
    // The controls offered are the running family's address keys, from its field specs.
    expect([...b.rows.keys()]).toEqual(['case', 'z0', 'gamma0', 'Pi0', 'tilt', 'azimuth', 'eps', 'restitution', 'h', 'jump', 'speed']);
    // With the keyboard: Space on "Show azimuth" hides it.
    b.rows.get('azimuth')!.shown.focus();
    await userEvent.keyboard(' ');
    expect(b.rows.get('azimuth')!.shown.checked).toBe(false);
    await userEvent.click(b.rows.get('Pi0')!.shown);
    await userEvent.click(b.rows.get('tilt')!.locked);
    await userEvent.click(b.rows.get('gamma0')!.locked);
    await userEvent.click(b.autoplayBox);
    const link = b.linkInput.value;
    // The plots Case IV has (the rigid body declares no velocity plot, so the builder offers none).
    expect(link).toBe(`${location.origin}/web/index.html?case=IV&lock=gamma0,tilt&hide=Pi0,azimuth&plots=energy,error,height,divergence&autoplay=0&locale=en`);
    expect(document.querySelector('[id$="class-plot-velocity"]')).toBeNull();
    expect(document.querySelector('[id$="class-plot-energy"]')).not.toBeNull();
    const snippet = new DOMParser().parseFromString(b.snippetText.value, 'text/html').querySelector('iframe');
    expect(snippet?.getAttribute('src')).toBe(`${link}&embed=1`);
    expect(await dialogViolations(b)).toEqual([]);

    // The preview follows the choices (debounced): a frame of the embed's link, a page with its own
    // address (tests/web/dist/class-builder.test.ts loads it on the built site: it writes its own
    // address, never the teacher's).
    await expect.poll(() => b.preview?.src, { timeout: 3000 }).toBe(`${link}&embed=1`);
    expect(location.pathname + location.search).toBe('/web/index.html');

    await userEvent.keyboard('{Escape}');
    expect(b.element.open).toBe(false);
    expect(b.preview).toBeNull();
    expect(document.activeElement).toBe(teacher.chrome.shareButton);
    expect(teacher.chrome.teacherMark).toBeNull(); // a page without locks is no teacher's
    teacher.destroy();

    const s = await openAsStudent(link);
    expect(s.playing).toBe(false); // autoplay=0
    const f = (id: string) => s.panel.fields.get(id)!;
    expect(f('azimuth').row.hidden).toBe(true);
    expect(s.panel.element.querySelector<HTMLElement>('[data-group="Pi0"]')!.hidden).toBe(true); // its every row hidden
    expect(f('tilt').row.hidden).toBe(false);
    // one note per locked key: under tilt's row, and under the last of γ₀'s three component rows,
    // describing all six of their inputs
    const notes = (ids: string[]) => ids.flatMap((id) => [...f(id).row.querySelectorAll('.class-lock-note')]);
    expect(notes(['tilt']).length).toBe(1);
    expect(notes(['gamma0x', 'gamma0y']).length).toBe(0);
    expect(notes(['gamma0z']).length).toBe(1);
    for (const [id, owner] of [['tilt', 'tilt'], ['gamma0x', 'gamma0z'], ['gamma0y', 'gamma0z'], ['gamma0z', 'gamma0z']] as const) {
      const c = f(id);
      expect(c.range.disabled && c.number.disabled).toBe(true);
      const note = f(owner).row.querySelector('.class-lock-note')!;
      expect(note.textContent).toBe('Locked by your teacher.');
      expect(c.range.getAttribute('aria-describedby')!.split(' ')).toContain(note.id);
      expect(c.number.getAttribute('aria-describedby')!.split(' ')).toContain(note.id);
    }
    expect(f('restitution').range.disabled).toBe(false);
    expect(s.panel.caseSelect.disabled).toBe(false);

    // The first screen says the page was customised, and the page offers no way to undo it: its share
    // dialog has no "Customise for class…" (whose "Unlock all" made a link without the locks) but a note.
    const mark = s.chrome.teacherMark!;
    expect(mark.textContent).toBe('Set by your teacher');
    expect(s.chrome.bar.contains(mark)).toBe(true);
    expect(mark.getBoundingClientRect().width).toBeGreaterThan(0);
    await userEvent.click(s.chrome.shareButton);
    expect(s.chrome.share.element.open).toBe(true);
    expect(s.chrome.share.customiseButton.hidden).toBe(true);
    expect(s.chrome.share.element.querySelector('.class-barred-note')?.textContent).toMatch(/^This page was set up by your teacher/);
    expect(await axe.run(s.chrome.share.element, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => v.id))).toEqual([]);
    await userEvent.keyboard('{Escape}');
    expect(s.classBuilder.builder).toBeNull();
    // Case IV's "Try this" (Drop flat) changes no locked control: it stays.
    expect(s.chrome.tryLine.hidden).toBe(false);

    // Try to change the locked tilt every way the page offers.
    const json = s.model.resolvedJson;
    const params = JSON.stringify(s.controller.params);
    const tilt = f('tilt');
    tilt.range.value = '25';
    tilt.range.dispatchEvent(new Event('input', { bubbles: true }));
    expect(tilt.message.textContent).toMatch(/^Locked by your teacher: /);
    tilt.number.value = '3';
    tilt.number.dispatchEvent(new Event('change', { bubbles: true }));
    tilt.number.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true, cancelable: true }));
    tilt.range.focus();
    expect(document.activeElement).not.toBe(tilt.range); // disabled: no focus, so no arrow keys
    s.root.focus();
    await userEvent.keyboard('r'); // the page's own shortcuts change no setting
    const cfg = JSON.parse(json) as { plane: { tilt: number } };
    cfg.plane.tilt = 0.2;
    const loaded = s.controller.loadSetup(JSON.stringify(cfg));
    expect(loaded.ok).toBe(false);
    expect(s.model.resolvedJson).toBe(json);
    expect(JSON.stringify(s.controller.params)).toBe(params);

    // An unlocked control still edits, and the address keeps the teacher's keys.
    await typeInto(f('restitution').number, '0.5');
    expect(s.controller.params['restitution']).toBe(0.5);
    await expect.poll(() => location.search, { timeout: 5000 }).toContain('restitution=0.5');
    expect(location.search).toContain('lock=gamma0,tilt&hide=Pi0,azimuth');
    expect(location.search).toContain('autoplay=0');
  }, 240_000);

  it('the Munich example: a German link with only the restitution slider unlocked', async () => {
    const teacher = await fx.mount({ caseName: 'IV', autoplay: false });
    const b = await teacher.classBuilder.open();
    b.localeSelect.value = 'de';
    b.localeSelect.dispatchEvent(new Event('change', { bubbles: true }));
    await page.getByRole('button', { name: 'Lock all' }).click();
    await userEvent.click(b.rows.get('restitution')!.locked);
    const link = b.linkInput.value;
    expect(new URL(link).searchParams.get('lock')).toBe('case,z0,gamma0,Pi0,tilt,azimuth,eps,h,jump,speed');
    expect(new URL(link).searchParams.get('locale')).toBe('de');
    teacher.destroy();

    const s = await openAsStudent(link, 'de');
    const editable = [
      ...[...s.panel.fields.values()].filter((c) => !c.range.disabled || !c.number.disabled).map((c) => c.spec.id),
      ...[...s.panel.choices.values()].filter((c) => !c.select.disabled).map((c) => c.spec.id),
      ...(s.panel.caseSelect.disabled ? [] : ['case']),
    ];
    expect(editable).toEqual(['restitution']);
    expect(s.panel.fields.get('tilt')!.row.querySelector('.class-lock-note')!.textContent).toBe('Von deiner Lehrkraft gesperrt.');
    // The preset menu is locked too: another preset is refused, the run stays Case IV.
    s.panel.caseSelect.value = 'I';
    s.panel.caseSelect.dispatchEvent(new Event('change', { bubbles: true }));
    expect(s.controller.params.caseName).toBe('IV');
    await typeInto(s.panel.fields.get('restitution')!.number, '0,3'); // German decimal comma
    expect(s.controller.params['restitution']).toBe(0.3);
    const r = await axe.run(s.panel.element, { resultTypes: ['violations'] });
    expect(r.violations.map((v) => v.id)).toEqual([]);
  });

  it('"Try this" does not suggest a control the teacher locked or hid', async () => {
    // the particle's line asks to halve h
    const locked = await fx.mount({ query: '?case=particle&lock=h', autoplay: false });
    expect(locked.chrome.tryLine.hidden).toBe(true);
    expect(locked.chrome.tryLine.textContent).toBe('');
    locked.destroy();
    const hidden = await fx.mount({ query: '?case=particle&hide=h', autoplay: false });
    expect(hidden.chrome.tryLine.hidden).toBe(true);
    hidden.destroy();
    const other = await fx.mount({ query: '?case=particle&lock=case', autoplay: false });
    expect(other.chrome.tryLine.hidden).toBe(false);
    expect(other.chrome.tryLine.textContent).toMatch(/^Try this: Halve the time step h/);
    expect(other.chrome.teacherMark?.textContent).toBe('Set by your teacher');
  });

  it('bad values of lock, hide and autoplay are named as "<key>: <rule>" over the view', async () => {
    const s = await fx.mount({ query: '?case=IV&lock=tilt,nope&hide=a b&autoplay=later', autoplay: false });
    const shown = s.chrome.message.textContent ?? '';
    expect(shown).toContain('hide: "a b" is not a control key');
    expect(shown).toContain('autoplay: must be 1 or 0 (got "later")');
    expect(shown).toContain('lock: no control "nope" (this model\'s are case, z0, gamma0, Pi0, tilt, azimuth, eps, restitution, h, jump, speed)');
    expect(s.panel.fields.get('tilt')!.range.disabled).toBe(true); // the good name still applies
  });
});
