// The element's own box (host-box.css) as one stylesheet shared by every <lgvci-sim>: adopted by the
// element's constructor, so that it has its size before the app's chunk has loaded (no layout shift of
// the course page when the simulator arrives: docs/custom-element.md "Size and styles").
import hostBoxCss from './host-box.css?inline';

let sheet: CSSStyleSheet | null = null;

export function hostBoxSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(hostBoxCss);
  }
  return sheet;
}
