// The host API through postMessage, for the page in an iframe (docs/host-api.md): the embedder names
// the origins it answers by the address key `api-origins` (origins separated by commas). A message from
// any other origin, or one that is not a request of this protocol, is ignored; a request is answered
// to its sender's window and origin with its id, its result or an error naming the argument or field
// and the rule. The data is read as a structured-clone object, never as code: nothing is evaluated.
// The protocol's events go to the parent window, addressed to each allowed origin (the browser drops a
// message whose target origin is not the parent's).
import type { App } from '../app/app';
import { HostApi } from './host';
import { API_VERSION } from './protocol';

export const ORIGINS_KEY = 'api-origins';

/** The allowed origins of an address (`api-origins=`), each normalised to scheme://host[:port]; and the rejected entries' words. */
export function parseApiOrigins(query: string): { origins: string[]; messages: string[] } {
  const raw = new URLSearchParams(query).get(ORIGINS_KEY);
  const origins: string[] = [];
  const messages: string[] = [];
  if (raw === null) return { origins, messages };
  for (const part of raw.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    let origin = '';
    try {
      const u = new URL(part);
      if ((u.protocol === 'https:' || u.protocol === 'http:') && u.origin === part.replace(/\/$/, '')) origin = u.origin;
    } catch {
      origin = '';
    }
    if (origin) origins.push(origin);
    else messages.push(`${ORIGINS_KEY}: each entry must be an origin such as https://course.example.org (got "${part.slice(0, 60)}")`);
  }
  return { origins, messages };
}

interface Request {
  lgvci: unknown;
  id: unknown;
  method: unknown;
  args?: unknown;
}

function isRequest(d: unknown): d is Request {
  return typeof d === 'object' && d !== null && 'lgvci' in d && 'method' in d && 'id' in d;
}

/**
 * Answer allowed origins' requests to `win` on `app`, and send the embedder (by default the parent
 * window; none for a top-level page) its events; returns the wiring's end.
 */
export function wireFrameApi(app: App, origins: readonly string[], win: Window = window, embedder: Window | null = win.parent === win ? null : win.parent): () => void {
  const allowed = new Set(origins);
  const post = (data: unknown): void => {
    if (embedder) for (const o of allowed) embedder.postMessage(data, o);
  };
  const host = new HostApi(app, (event, detail) => post({ lgvci: API_VERSION, event, detail }));
  const onMessage = (e: MessageEvent): void => {
    if (!allowed.has(e.origin) || !e.source || !isRequest(e.data)) return;
    const { id, method, args } = e.data;
    if (typeof id !== 'string' && typeof id !== 'number') return;
    const reply =
      e.data.lgvci !== API_VERSION
        ? { ok: false as const, error: { field: 'lgvci', message: `this simulator speaks version ${API_VERSION} of the protocol (got ${JSON.stringify(e.data.lgvci)?.slice(0, 20)})` } }
        : host.call(method, args ?? []);
    (e.source as WindowProxy).postMessage({ lgvci: API_VERSION, id, ...reply }, e.origin);
  };
  win.addEventListener('message', onMessage);
  post({ lgvci: API_VERSION, event: 'ready', detail: host.readyDetail() });
  return () => {
    win.removeEventListener('message', onMessage);
    host.destroy();
  };
}
