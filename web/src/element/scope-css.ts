// The page's stylesheets made fit for the <lgvci-sim> element's shadow root (element/mount.ts). Pure
// text in, text out: unit-tested in Node.

/**
 * `:root` is the element's host there (`:root[attr]` becomes `:host([attr])`, the functional form a
 * shadow root understands; a selector it does not understand would drop its whole rule), and a width
 * @media rule, which asks the window's width, becomes a container rule on the element's own width
 * (the container `lgvci-element`, element.css). Other @media rules (motion, pointer, a width joined
 * with another feature) are left as they are.
 */
export function scopeCss(css: string): string {
  return css
    .replace(/:root(\[[^\]]*\])/g, ':host($1)')
    .replace(/:root(?![\w-])/g, ':host')
    .replace(/@media\s*(\((?:min|max)-width:\s*[\d.]+(?:px|em|rem)\))\s*\{/g, '@container lgvci-element $1 {');
}
