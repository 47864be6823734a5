// The page's styles in the <lgvci-sim> element's shadow root (web/src/element/scope-css.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scopeCss } from '../../../web/src/element/scope-css';

const sheet = (name: string): string => readFileSync(new URL(`../../../web/src/styles/${name}`, import.meta.url), 'utf8');

describe('scopeCss', () => {
  it(':root becomes the host, and :root[attr] the functional :host([attr]) that a shadow root understands', () => {
    expect(scopeCss(':root {\n  --ink: #000;\n}')).toBe(':host {\n  --ink: #000;\n}');
    expect(scopeCss(":root[data-theme='projector'],\n.lgvci-projector {")).toBe(":host([data-theme='projector']),\n.lgvci-projector {");
    expect(scopeCss('.rootless, .x:root-ish {')).toBe('.rootless, .x:root-ish {');
  });

  it('turns a width @media rule into a container rule on the element, and leaves the others', () => {
    expect(scopeCss('@media (max-width: 980px) {\n.a{}}')).toBe('@container lgvci-element (max-width: 980px) {\n.a{}}');
    expect(scopeCss('@media (min-width: 700px){')).toBe('@container lgvci-element (min-width: 700px) {');
    for (const kept of ['@media (prefers-reduced-motion: reduce) {', '@media (hover: none) and (pointer: coarse) {', '@media (max-width: 600px), (max-height: 560px) {']) {
      expect(scopeCss(kept)).toBe(kept);
    }
  });

  it('leaves no :root and no bare width @media in the page’s own stylesheets', () => {
    for (const name of ['app.css', 'chrome.css', 'comparison.css']) {
      const out = scopeCss(sheet(name));
      expect(out, name).not.toMatch(/:root/);
      expect(out, name).not.toMatch(/@media\s*\((?:min|max)-width:[^)]*\)\s*\{/);
    }
  });
});
