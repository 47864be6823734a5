// The host API through postMessage (docs/host-api.md, api/frame.ts): the page's dispatcher on a mounted
// app answers the origins its address allows. An embedder frame of this page's origin (allowed) asks
// by postMessage — getState, set through the controls with a refusal naming the field and the rule, a
// method the protocol does not have, another version, step — and gets each answer by its id, and the
// ready and step events; a sandboxed frame (an opaque origin, not allowed) asks to set a field and is
// ignored: no answer, the field keeps its value.
import { afterEach, describe, expect, it } from 'vitest';
import { wireFrameApi } from '../../../web/src/api/frame';
import { useAppFixture } from './support';

interface Reply {
  id: string;
  ok: boolean;
  value?: { fields: Record<string, number>; steps: number; t: number; field: string; value: number };
  error?: { field: string; message: string };
}

const fx = useAppFixture();
const frames: HTMLIFrameElement[] = [];
const ends: (() => void)[] = [];
afterEach(() => {
  for (const e of ends.splice(0)) e();
  for (const f of frames.splice(0)) f.remove();
});

/**
 * A frame that sends `requests` to this window one after the other (each after the previous answer, or
 * at once when none comes) and reports to this window every message it gets, as { got }.
 */
async function embedder(requests: unknown[], sandbox?: string): Promise<HTMLIFrameElement> {
  const f = document.createElement('iframe');
  if (sandbox !== undefined) f.setAttribute('sandbox', sandbox);
  f.srcdoc = `<script>
    const requests = ${JSON.stringify(requests)};
    let i = 0;
    const send = () => { if (i < requests.length) parent.postMessage(requests[i++], '*'); };
    addEventListener('message', (e) => {
      if (e.source !== parent || !e.data || !('lgvci' in e.data)) return;
      parent.postMessage({ got: e.data }, '*');
      if ('id' in e.data) send();
    });
    addEventListener('load', () => { parent.postMessage({ loaded: true }, '*'); send(); });
  </script>`;
  const loaded = new Promise<void>((resolve) => {
    const on = (e: MessageEvent): void => {
      if (e.source === f.contentWindow && (e.data as { loaded?: boolean }).loaded) {
        removeEventListener('message', on);
        resolve();
      }
    };
    addEventListener('message', on);
  });
  document.body.append(f);
  frames.push(f);
  await loaded;
  return f;
}

/** Every { got } report of a frame, collected. */
function reports(f: HTMLIFrameElement): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  addEventListener('message', (e) => {
    if (e.source === f.contentWindow && (e.data as { got?: unknown }).got) out.push((e.data as { got: Record<string, unknown> }).got);
  });
  return out;
}

describe('the host API through postMessage', () => {
  it('answers an allowed origin by id and sends it the events; ignores another origin', async () => {
    const app = await fx.mount({ caseName: 'IV', autoplay: false });
    // The allowed embedder: this page's origin (a srcdoc frame inherits it).
    const requests = [
      { lgvci: 1, id: 'a', method: 'getState', args: [] },
      { lgvci: 1, id: 'b', method: 'set', args: ['restitution', 0.25] },
      { lgvci: 1, id: 'c', method: 'set', args: ['restitution', 7] },
      { lgvci: 1, id: 'd', method: 'eval', args: ['document.title = "x"'] },
      { lgvci: 99, id: 'e', method: 'getState', args: [] },
      { lgvci: 1, id: 'f', method: 'step', args: [30] },
    ];
    // The frame is made first (its requests wait for its load), then the page's dispatcher is wired to it.
    const allowedFrame = await embedder([]);
    const got = reports(allowedFrame);
    ends.push(wireFrameApi(app, [location.origin], window, allowedFrame.contentWindow));
    await expect.poll(() => got.find((m) => m['event'] === 'ready'), { timeout: 10_000 }).toBeDefined();
    const ready = got.find((m) => m['event'] === 'ready') as { detail: { version: number; fields: string[] } };
    expect(ready.detail.version).toBe(1);
    expect(ready.detail.fields).toContain('restitution');
    // its requests (a second frame of the same origin sends them; the answers go to it)
    const asker = await embedder(requests);
    const answers = reports(asker);
    await expect.poll(() => answers.filter((m) => 'id' in m).length, { timeout: 20_000 }).toBe(requests.length);
    const byId = Object.fromEntries(answers.filter((m) => 'id' in m).map((m) => [m['id'], m as unknown as Reply]));
    expect(byId['a']).toMatchObject({ lgvci: 1, ok: true, value: { t: 0, steps: 0 } });
    expect(byId['b']).toMatchObject({ ok: true, value: { field: 'restitution', value: 0.25 } });
    expect(byId['c']).toMatchObject({ ok: false, error: { field: 'restitution' } });
    expect(byId['d']).toMatchObject({ ok: false, error: { field: 'method' } });
    expect(document.title).not.toBe('x');
    expect(byId['e']).toMatchObject({ ok: false, error: { field: 'lgvci' } });
    expect(byId['f']).toMatchObject({ ok: true, value: { steps: 30 } });
    expect(app.model.curr.steps).toBe(30);
    // the step event of the next frame, to the embedder
    await expect.poll(() => got.some((m) => m['event'] === 'step' && (m['detail'] as { steps: number }).steps === 30), { timeout: 10_000 }).toBe(true);

    // another origin: a sandboxed frame (an opaque origin, "null") asks to set restitution to 0.9
    const foreign = await embedder([{ lgvci: 1, id: 'z', method: 'set', args: ['restitution', 0.9] }], 'allow-scripts');
    const foreignGot = reports(foreign);
    // an allowed request sent after it is answered, so the foreign one was handled (and dropped) before
    const check = await embedder([{ lgvci: 1, id: 'y', method: 'getState', args: [] }]);
    const checkGot = reports(check);
    await expect.poll(() => checkGot.find((m) => m['id'] === 'y'), { timeout: 10_000 }).toBeDefined();
    expect((checkGot.find((m) => m['id'] === 'y') as unknown as Reply).value!.fields['restitution']).toBe(0.25);
    expect(foreignGot).toEqual([]);
    expect(app.controller.params).toMatchObject({ restitution: 0.25 });
  });
});
