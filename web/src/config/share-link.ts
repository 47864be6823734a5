// The addresses and the iframe snippet the share dialog offers, derived from the address of the current
// state (app/url-state.ts: UrlState.shareUrl, which keeps the embed/plots/theme keys).

/** The full page's address for `link`: the same state without `embed`. */
export function pageUrl(link: string): string {
  const u = new URL(link);
  u.searchParams.delete('embed');
  u.hash = '';
  return u.toString();
}

/** The embed's address for `link`: the same state with `embed=1`. */
export function embedUrl(link: string): string {
  const u = new URL(link);
  u.searchParams.set('embed', '1');
  u.hash = '';
  return u.toString();
}

/** `link` with `locale=code` (docs/languages.md): whoever opens a shared link sees the sharer's language. */
export function withLocale(link: string, code: string): string {
  const u = new URL(link);
  u.searchParams.set('locale', code);
  return u.toString();
}

/**
 * The longest link the share dialog makes, in characters (docs/course-material.md "State in the URL"):
 * web servers refuse longer request lines (Apache's default limit is 8,190 bytes, nginx's 8 kB; they
 * answer 414 URI Too Long), so a longer link would open an error page, not the set-up.
 */
export const SHARE_LINK_MAX = 8000;

/**
 * The length of the longer of the page's and the embed's link for `link` when it is over
 * SHARE_LINK_MAX (the dialog then makes neither), else null.
 */
export function shareLinkTooLong(link: string): number | null {
  const n = Math.max(pageUrl(link).length, embedUrl(link).length);
  return n > SHARE_LINK_MAX ? n : null;
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export const SNIPPET_WIDTH = 800;
export const SNIPPET_HEIGHT = 500;

/**
 * The iframe HTML a course page pastes: titled, fullscreen allowed (`allowfullscreen`, which every
 * browser reads; with `allow="fullscreen"` beside it Chromium warns that one overrides the other), lazy; 800 px wide at most and as
 * wide as the column otherwise, its height following from the 8:5 aspect ratio (a phone's column gets a
 * smaller frame of the same shape, not a squeezed one).
 */
export function iframeSnippet(src: string, title: string): string {
  return (
    `<iframe src="${escapeAttr(src)}" title="${escapeAttr(title)}" width="${SNIPPET_WIDTH}" height="${SNIPPET_HEIGHT}" ` +
    `allowfullscreen loading="lazy" ` +
    `style="border: 0; display: block; width: 100%; max-width: ${SNIPPET_WIDTH}px; height: auto; aspect-ratio: ${SNIPPET_WIDTH} / ${SNIPPET_HEIGHT};"></iframe>`
  );
}
