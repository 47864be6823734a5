// The fullscreen button's reason when it is disabled (app/fullscreen.ts), in real Chromium: a browser
// whose page elements have no requestFullscreen (Safari on an iPhone: videos only) is told as the
// browser's limit with what to do instead, not blamed on the embedding page, whose missing
// `allowfullscreen` is the reason only inside a frame (tests/web/dist/embed.test.ts covers that case).
import { describe, expect, it } from 'vitest';
import { FullscreenButton } from '../../../web/src/app/fullscreen';
import { setLocale, t } from '../../../web/src/i18n';

describe('the fullscreen button where the browser has no fullscreen for pages', () => {
  it('is disabled and says the browser cannot, with what to do instead, in the language shown', async () => {
    for (const code of ['en', 'de'] as const) {
      await setLocale(code);
      const target = document.createElement('div');
      Object.defineProperty(target, 'requestFullscreen', { value: undefined });
      document.body.append(target);
      const fs = new FullscreenButton(target, `fs-${code}`);
      expect(fs.button.disabled).toBe(true);
      expect(fs.reason.textContent).toBe(t('bar.fullscreenNoApi'));
      expect(fs.button.title).toBe(t('bar.fullscreenNoApi'));
      expect(fs.reason.textContent).not.toContain('allowfullscreen');
      expect(fs.button.getAttribute('aria-describedby')).toBe(fs.reason.id);
      fs.destroy();
      target.remove();
    }
    await setLocale('en');
    expect(t('bar.fullscreenNoApi')).toContain('iPhone');
  });
});
