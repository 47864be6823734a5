// The words of grabbing and throwing the body (docs/page.md "Grabbing and throwing the body"), read
// by the throw's wiring (throw-wiring.ts) and by the controller's refusal of a throw: a leaf module, so
// that the controller does not import the wiring that imports it.
import { formatNumber, t } from '../i18n';

/** A number of the throw's messages: at most two decimals, in the page's language. */
export const throwNumber = (v: number): string => formatNumber(Number(v.toFixed(2)), { maximumFractionDigits: 2 });

/** Every visible string of grabbing and throwing, in the page's language (docs/languages.md). */
export const THROW_STRINGS = {
  get held() { return t('throw.held'); },
  placed: (height: string) => t('throw.placed', { height }),
  thrown: (speed: string) => t('throw.thrown', { speed }),
  capped: (speed: string, limit: string) => t('throw.capped', { speed, limit }),
  velocity: (vx: string, vy: string, vz: string) => t('throw.velocity', { vx, vy, vz }),
  get letGo() { return t('throw.letGo'); },
  get noBody() { return t('throw.noBody'); },
};
