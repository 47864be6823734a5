// The worksheet (docs/course-material.md "A worksheet"): printing the page (Ctrl+P, the browser's Print
// menu) gives one A4 page with the 3-D view as it is at that moment, the set-up (the preset, the run's
// time and impacts, every control's value), the plots shown and ruled space for the answers. The view
// is a WebGL canvas, which a browser prints blank (its drawing buffer is not kept between frames), so on
// `beforeprint` it is drawn afresh and copied, in the same task, into a 2-D canvas that only print
// shows: a 2-D canvas holds its pixels at once, where an <img> given a data: URL decodes later, after
// the browser has laid out the printed page (Chromium then printed an empty picture). The layout is
// styles/print.css. The sheet's words are in the page's language.
import '../../styles/print.css';
import type { FieldSpec } from '../../config/fields';
import { t } from '../../i18n';
import { el } from '../../util/dom';
import type { SceneView } from '../../view/scene-view';

export interface PrintSource {
  view(): SceneView | null;
  /** The preset's label, as the preset menu shows it. */
  title(): string;
  /** The set-up's lines ("label: value unit", setupLine), in the panel's order. */
  setup(): readonly string[];
  /** The run's one-line state (the HUD's summary: t, impacts, error). */
  state(): string;
}

/** "label: value unit" of a field, a choice by its label; null where it does not apply. */
export function setupLine<P>(spec: FieldSpec<P>, value: number | null): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  const shown = spec.choices ? (spec.choices[Math.round(value)]?.label ?? spec.format(value)) : spec.format(value);
  return `${spec.label}: ${shown}${spec.unit && !spec.choices ? ` ${spec.unit}` : ''}`;
}

export class PrintSheet {
  /** Shown only in print (styles/print.css): the view's picture, the set-up and the answer lines. */
  readonly element: HTMLElement;
  readonly image: HTMLCanvasElement;
  readonly setup: HTMLUListElement;
  private readonly heading: HTMLElement;
  private readonly stateLine: HTMLElement;
  private readonly source: PrintSource;
  private readonly onBeforePrint = (): void => this.prepare();
  private readonly onAfterPrint = (): void => this.clear();

  constructor(source: PrintSource) {
    this.source = source;
    this.heading = el('h2', { class: 'print-title' });
    this.stateLine = el('p', { class: 'print-state' });
    this.image = el('canvas', { class: 'print-view', role: 'img' });
    this.setup = el('ul', { class: 'print-setup' });
    const lines = Array.from({ length: 5 }, () => el('div', { class: 'print-answer-line' }));
    this.element = el(
      'section',
      { class: 'print-sheet' },
      this.heading,
      el('div', { class: 'print-top' }, this.image, el('div', { class: 'print-side' }, el('h3', { text: t('print.setup') }), this.stateLine, this.setup)),
      el('div', { class: 'print-answers' }, el('h3', { text: t('print.answers') }), el('p', { class: 'print-name', text: t('print.name') }), ...lines),
    );
    window.addEventListener('beforeprint', this.onBeforePrint);
    window.addEventListener('afterprint', this.onAfterPrint);
  }

  /** Fill the sheet: the view drawn now and copied, the set-up as it is. */
  prepare(): void {
    this.heading.textContent = this.source.title();
    this.stateLine.textContent = this.source.state().replace(/\s*▾\s*$/, '');
    this.setup.replaceChildren(...this.source.setup().map((s) => el('li', { text: s })));
    const view = this.source.view();
    // A view laid out at no size (a print layout already applied) keeps the picture it has.
    if (view && view.canvas.width >= 16 && view.canvas.height >= 16) {
      view.renderer.render(view.scene, view.camera);
      this.image.width = view.canvas.width;
      this.image.height = view.canvas.height;
      this.image.getContext('2d')?.drawImage(view.canvas, 0, 0);
      this.image.setAttribute('aria-label', t('print.viewAlt', { title: this.source.title() }));
    }
  }

  /** After printing: the picture's pixels are let go (a few MB at a large view). */
  clear(): void {
    this.image.width = 0;
    this.image.height = 0;
  }

  destroy(): void {
    window.removeEventListener('beforeprint', this.onBeforePrint);
    window.removeEventListener('afterprint', this.onAfterPrint);
    this.element.remove();
  }
}
