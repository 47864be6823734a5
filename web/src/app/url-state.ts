// The page's state in its address: restores a mounted app from a query string and,
// when asked, keeps the address in step with what the user changes (history.replaceState, at most
// every WRITE_DELAY_MS). The keys, the rules and the exact number text come from the pure codec
// config/url-codec.ts, generic over the families' field specs; this module only connects it to the
// controller, the model's clock, the camera and the panel. Values the address gets wrong are listed in
// a role="status" box at the top of the panel (key and rule); those fields keep the preset, the rest
// applies, and the page always comes up.
//
// For the share dialog: `UrlState.shareUrl()` (the app's `urlState`) is the address of the current
// state: the page's origin and path with the query this module writes, pending changes included.
import type { AnyFamilyControls } from '../config/family';
import type { BaseParams, FieldSpec } from '../config/fields';
import { DEFAULT_SPEED } from '../config/fields';
import type { CameraView, ExtraState, FamilyUrlInfo, UrlIssue } from '../config/url-codec';
import {
  SETUP_KEY,
  decodeSetup,
  decodeCase,
  decodeExtras,
  decodeTwins,
  decodeFields,
  encodeState,
  passthroughPairs,
  queryEntries,
  unknownKeys,
} from '../config/url-codec';
import type { AppParams } from '../controls/controller-port';
import type { ControlPanel } from '../controls/panel';
import type { SceneView } from '../view/scene-view';
import { el, listen } from '../util/dom';
import type { Controller, EnginePort } from './controller';
import { plotsPairs } from './embed-options';
import { extraSupport, familyParts } from './families';
import { LOAD_STRINGS } from '../controls/load-controls';
import { t as tr } from '../i18n';

/** Throttle of the address writes. */
export const WRITE_DELAY_MS = 250;
const DEG = Math.PI / 180;

export interface UrlStateParts {
  engine: EnginePort;
  controller: Controller;
  view: SceneView | null;
  panel: ControlPanel;
  /** Whether the model's clock runs. */
  playing(): boolean;
  /** Whether the page plays when it opens (no reduced motion). */
  defaultAutoplay: boolean;
  /** Turn the camera's following on or off (the panel's box and the view). */
  setFollow(on: boolean): void;
  /** Write the address (history.replaceState); absent: never write. */
  write?: (search: string) => void;
  /** The address the state lives in (for the pass-through keys, the path and the share link). */
  location?: () => { search: string; origin: string; pathname: string; hash: string };
}

/** What restoring found: whether the address asks for a paused start, and its issues. */
export interface RestoreResult {
  paused: boolean;
  issues: UrlIssue[];
}

function defaultLocation(): { search: string; origin: string; pathname: string; hash: string } {
  return location;
}

export class UrlState {
  readonly element: HTMLElement;
  readonly list: HTMLUListElement;
  private readonly parts: UrlStateParts;
  private readonly presets = new Map<string, BaseParams>();
  private readonly cleanups: (() => void)[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The user moved the camera since the family's view was set (or the address set it). */
  private cameraSet = false;
  private familyId = '';
  private lastWritten: string | null = null;
  private destroyed = false;

  constructor(parts: UrlStateParts) {
    this.parts = parts;
    this.list = el('ul', { class: 'url-msg-list' });
    const dismiss = el('button', { type: 'button', class: 'btn btn-small', text: tr('app.dismiss') });
    this.element = el(
      'div',
      { class: 'panel-group url-msg', hidden: true },
      el(
        'div',
        { role: 'status' },
        el('p', { class: 'url-msg-title', text: tr('panel.addressTitle') }),
        this.list,
      ),
      dismiss,
    );
    listen(this.cleanups, dismiss, 'click', () => this.showIssues([]));
    parts.panel.element.prepend(this.element);
    this.familyId = parts.controller.family.id;
    this.cleanups.push(parts.controller.onChange(() => this.schedule()));
    const controls = parts.view?.controls;
    if (controls) {
      const onEnd = (): void => {
        this.cameraSet = true;
        this.schedule();
      };
      controls.addEventListener('end', onEnd);
      this.cleanups.push(() => controls.removeEventListener('end', onEnd));
    }
    listen(this.cleanups, parts.panel.followBox, 'change', () => this.schedule());
    listen(this.cleanups, parts.panel.plotsBox, 'change', () => this.schedule());
  }

  private loc(): { search: string; origin: string; pathname: string; hash: string } {
    return (this.parts.location ?? defaultLocation)();
  }

  /** The preset's parameters of a case (what an absent key means). */
  private preset(caseName: string, family: AnyFamilyControls): BaseParams {
    let p = this.presets.get(caseName);
    if (!p) {
      p = family.paramsFromConfig(caseName, family.parseConfig(this.parts.engine.presetJson(caseName)), DEFAULT_SPEED) as BaseParams;
      this.presets.set(caseName, p);
    }
    return p;
  }

  /** The address's view of a family: its fields, its preset, its twins' perturbations (the running simulation's) and set-up. */
  private familyInfo(family: AnyFamilyControls, preset: BaseParams): FamilyUrlInfo {
    const c = this.parts.controller;
    const running = c.family.id === family.id;
    return { fields: family.fields as readonly FieldSpec<BaseParams>[], preset, ...extraSupport(family.id, running ? c.perturbations : [], running ? c.defaultTwinKinds : []) };
  }

  /**
   * Apply a query string to the app: the case, then every field at once (or, if the core refuses the
   * whole, field by field in order, each refusal an issue), then the twins, the camera and follow.
   */
  restore(search: string): RestoreResult {
    try {
      return this.apply(search);
    } catch (e) {
      // Whatever the address holds, the page comes up (with what could be applied) and says why.
      const issues = [{ key: 'address', message: tr('panel.addressFailed', { reason: (e as Error).message }) }];
      this.showIssues(issues);
      return { paused: false, issues };
    }
  }

  private apply(search: string): RestoreResult {
    const c = this.parts.controller;
    const { entries, issues } = queryEntries(search);
    const names = c.cases.map((k) => k.name);
    const kase = decodeCase(entries, names, c.params.caseName);
    if (kase.issue) issues.push(kase.issue);
    // A whole set-up (a loaded or thrown one): it names its own case, and the fields apply over it.
    const setup = this.restoreSetup(entries, issues);
    if (!setup && kase.caseName !== c.params.caseName) {
      const r = c.selectCase(kase.caseName);
      if (!r.ok) issues.push({ key: 'case', message: `case: ${r.message}` });
    }
    const used = new Set<string>([SETUP_KEY]);
    // The twins' keys wait for the fields: they name the perturbations of the run the fields set up.
    const extra = decodeExtras(entries, this.familyInfo(c.family, c.params), used, false);
    issues.push(...extra.issues);
    const setUp = c.family.setUp;
    if (extra.setUp && setUp) {
      if (c.params.caseName !== setUp.preset) {
        issues.push({ key: setUp.urlKey, message: tr('panel.setUpIgnored', { key: setUp.urlKey, setUp: setUp.label, preset: setUp.presetWords, caseName: c.params.caseName }) });
      } else this.check(issues, setUp.urlKey, c.applySetUp());
    }
    const info = this.familyInfo(c.family, c.params);
    const fields = decodeFields(entries, info, used);
    issues.push(...fields.issues);
    if (fields.edits.length > 0) {
      const all = c.applyParams({ ...fields.params } as AppParams);
      if (!all.ok) {
        // One by one, so that only the values the core refuses fall back.
        for (const e of fields.edits) {
          const r = c.applyParams(e.apply(c.params) as AppParams);
          if (!r.ok) issues.push({ key: e.key, message: `${e.key}: ${r.message.replace(/\.$/, '')}; using the preset's value.` });
        }
      }
    }
    // The twins: their sizes and perturbations, then on (a size or choice the core refuses is an issue).
    const twins = decodeTwins(entries, this.familyInfo(c.family, c.params), used);
    issues.push(...twins.issues);
    for (const [kind, size] of Object.entries(twins.twinSizes)) this.check(issues, c.twinSizeKey(kind), c.setTwinSize(kind, size));
    if (twins.twinKinds) this.check(issues, 'twins', c.setTwinKinds(twins.twinKinds));
    if (twins.twins) this.check(issues, 'twins', c.setTwinsEnabled(true));
    if (extra.follow !== null) this.parts.setFollow(extra.follow);
    const view = this.parts.view;
    if (view && this.parts.panel.followBox.checked) view.recentre();
    if (view && extra.target && extra.follow === false) {
      const d = view.camera.position.clone().sub(view.controls.target);
      view.controls.target.set(...extra.target);
      view.camera.position.copy(view.controls.target).add(d);
    }
    if (view && extra.camera) {
      this.setCamera(extra.camera);
      this.cameraSet = true;
    }
    issues.push(...unknownKeys(entries, used, c.caseInfo(c.params.caseName)?.label ?? c.params.caseName));
    this.familyId = c.family.id;
    this.showIssues(issues);
    return { paused: extra.paused === true, issues };
  }

  /** Load the address's `setup=` if it has one; whether it was loaded. */
  private restoreSetup(entries: Map<string, string>, issues: UrlIssue[]): boolean {
    const raw = entries.get(SETUP_KEY);
    if (raw === undefined) return false;
    const text = decodeSetup(raw);
    if (text === null) {
      issues.push({ key: SETUP_KEY, message: LOAD_STRINGS.urlNotSetup });
      return false;
    }
    const r = this.parts.controller.loadSetup(text);
    if (!r.ok) issues.push({ key: SETUP_KEY, message: `${SETUP_KEY}: ${r.message}` });
    return r.ok;
  }

  private check(issues: UrlIssue[], key: string, r: { ok: true } | { ok: false; message: string }): void {
    if (!r.ok) issues.push({ key, message: `${key}: ${r.message}` });
  }

  /** Show the address's issues at the top of the panel (none: hidden). */
  showIssues(issues: readonly UrlIssue[]): void {
    this.list.replaceChildren(...issues.map((i) => el('li', { 'data-key': i.key, text: i.message })));
    this.element.hidden = issues.length === 0;
  }

  /** The camera as seen from its target. */
  camera(): CameraView | null {
    const v = this.parts.view;
    if (!v) return null;
    const d = v.camera.position.clone().sub(v.controls.target);
    const r = d.length();
    return { azimuth: Math.atan2(d.y, d.x) / DEG, elevation: Math.asin(Math.max(-1, Math.min(1, d.z / r))) / DEG, distance: r };
  }

  private setCamera(c: CameraView): void {
    const v = this.parts.view;
    if (!v) return;
    const ctl = v.controls;
    const r = Math.min(ctl.maxDistance, Math.max(ctl.minDistance, c.distance));
    const az = c.azimuth * DEG;
    const el_ = c.elevation * DEG;
    const d = [Math.cos(el_) * Math.cos(az), Math.cos(el_) * Math.sin(az), Math.sin(el_)] as const;
    v.camera.position.set(ctl.target.x + r * d[0], ctl.target.y + r * d[1], ctl.target.z + r * d[2]);
    ctl.update();
    v.invalidate();
  }

  /** The query string of the current state. */
  query(): string {
    const c = this.parts.controller;
    if (c.family.id !== this.familyId) {
      // A new family places its own camera: the user's earlier view no longer applies.
      this.familyId = c.family.id;
      this.cameraSet = false;
    }
    const view = this.parts.view;
    const follow = this.parts.panel.followBox.checked;
    const t = view?.controls.target;
    const extra: ExtraState = {
      twins: c.twinsOn,
      twinKinds: c.twinKinds,
      twinSizes: Object.fromEntries(c.perturbations.map((p) => [p.name, c.twinSize(p.name)])),
      camera: this.cameraSet ? this.camera() : null,
      follow,
      target: !follow && t ? [t.x, t.y, t.z] : null,
      playing: this.parts.playing(),
      setUp: c.inSetUp,
    };
    const caseName = c.params.caseName;
    return encodeState({
      caseName,
      defaultCase: c.cases[0]?.name ?? '',
      params: c.params,
      family: this.familyInfo(c.family, this.preset(caseName, familyParts(c.family.id).controls)),
      extra,
      defaults: { twinSize: (kind) => c.defaultTwinSize(kind), autoplay: this.parts.defaultAutoplay },
      keep: plotsPairs(passthroughPairs(this.loc().search), this.parts.panel.plotsBox.checked),
      setup: c.setupText(),
    });
  }

  /** The address of the current state. */
  shareUrl(): string {
    const l = this.loc();
    return `${l.origin}${l.pathname}${this.query()}${l.hash}`;
  }

  /** Write the address soon (throttled); the play state, follow and the camera call this too. */
  schedule(): void {
    if (this.destroyed || !this.parts.write || this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, WRITE_DELAY_MS);
  }

  /** Write the address now if it changed. */
  flush(): void {
    if (this.destroyed || !this.parts.write) return;
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const q = this.query();
    if (q === this.lastWritten && q === this.loc().search) return;
    this.lastWritten = q;
    if (q !== this.loc().search) this.parts.write(q);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    for (const f of this.cleanups.splice(0)) f();
    this.element.remove();
  }
}

/** history.replaceState of the search part, keeping the path, the hash and the history entry's state. */
export function replaceSearch(search: string): void {
  const u = `${location.pathname}${search}${location.hash}`;
  history.replaceState(history.state, '', u);
}
