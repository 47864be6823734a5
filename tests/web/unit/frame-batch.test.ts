// progress arriving ~1600 times a second is written to the DOM once per frame, and
// only when the text changes.
import { describe, expect, it } from 'vitest';
import { FrameBatch } from '../../../web/src/util/frame-batch';

function fakeFrames() {
  const queue = new Map<number, () => void>();
  let next = 1;
  return {
    schedule: (cb: () => void) => {
      queue.set(next, cb);
      return next++;
    },
    cancel: (h: number) => void queue.delete(h),
    frame() {
      const cbs = [...queue.values()];
      queue.clear();
      for (const cb of cbs) cb();
    },
    get pending() {
      return queue.size;
    },
  };
}

describe('FrameBatch', () => {
  it('many sets between two frames give one write, with the last value', () => {
    const f = fakeFrames();
    const b = new FrameBatch(f.schedule, f.cancel);
    const node = { textContent: '' } as unknown as Node;
    const bar = { value: 0, max: 1 };
    for (let i = 1; i <= 1600; i++) {
      b.text(node, `${i} steps`);
      b.prop(bar, 'value', i);
    }
    expect(node.textContent).toBe(''); // nothing before the frame
    expect(f.pending).toBe(1); // one frame callback, not 1600
    f.frame();
    expect(node.textContent).toBe('1600 steps');
    expect(bar.value).toBe(1600);
    expect(b.writes).toBe(2);
    b.text(node, '1600 steps'); // unchanged text: no write
    f.frame();
    expect(b.writes).toBe(2);
  });

  it('drop() forgets pending writes so that a final result is not overwritten', () => {
    const f = fakeFrames();
    const b = new FrameBatch(f.schedule, f.cancel);
    const node = { textContent: '' } as unknown as Node;
    b.text(node, 'progress');
    b.drop();
    node.textContent = 'done';
    f.frame();
    expect(node.textContent).toBe('done');
    expect(f.pending).toBe(0);
  });
});
