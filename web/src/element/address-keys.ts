// Every key the page's address understands, read from the state codec (config/url-codec.ts) and the
// families' field specs: what an attribute of <lgvci-sim> can name (element/attributes.ts). Lives
// apart from attributes.ts because it imports the family registry, which only the element's lazily
// loaded part may carry.
import { FAMILIES } from '../app/families';
import { EXTRA_KEYS, PASSTHROUGH_KEYS, SETUP_KEY, keyGroups } from '../config/url-codec';

/**
 * The case, the set-up, the families' set-up buttons, the extra state, the pass-through keys and each
 * family's field keys, once each.
 */
export function addressKeys(): string[] {
  const setUpKeys = FAMILIES.flatMap((f) => (f.controls.setUp ? [f.controls.setUp.urlKey] : []));
  const keys = new Set<string>(['case', SETUP_KEY, ...setUpKeys, ...EXTRA_KEYS, ...PASSTHROUGH_KEYS]);
  for (const f of FAMILIES) for (const k of keyGroups(f.controls.fields).keys()) keys.add(k);
  return [...keys];
}
