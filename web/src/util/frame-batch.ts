// DOM writes batched to animation frames: a value set many times between two frames (the long run's
// progress arrives hundreds of times a second) is written once, at the next frame, and only if it
// differs from what the element already shows. Keeps the main thread free for input.

type Schedule = (cb: () => void) => number;
type Cancel = (handle: number) => void;

const raf: Schedule = (cb) => requestAnimationFrame(() => cb());
const caf: Cancel = (h) => cancelAnimationFrame(h);

export class FrameBatch {
  private readonly jobs = new Map<object, () => boolean>();
  private handle = 0;
  private readonly schedule: Schedule;
  private readonly cancelFn: Cancel;
  /** DOM writes actually done (for tests and measurement). */
  writes = 0;

  constructor(schedule: Schedule = raf, cancel: Cancel = caf) {
    this.schedule = schedule;
    this.cancelFn = cancel;
  }

  /** Set an element's text at the next frame (the last value set before it wins). */
  text(target: Node, text: string): void {
    this.put(target, () => {
      if (target.textContent === text) return false;
      target.textContent = text;
      return true;
    });
  }

  /** Set a numeric property (e.g. a <progress>'s value) at the next frame. */
  prop<T extends object, K extends keyof T & string>(target: T, key: K, value: T[K]): void {
    const slot = this.slotFor(target, key);
    this.put(slot, () => {
      if (target[key] === value) return false;
      target[key] = value;
      return true;
    });
  }

  private readonly slots = new WeakMap<object, Map<string, object>>();

  private slotFor(target: object, key: string): object {
    let m = this.slots.get(target);
    if (!m) this.slots.set(target, (m = new Map()));
    let s = m.get(key);
    if (!s) m.set(key, (s = {}));
    return s;
  }

  private put(key: object, job: () => boolean): void {
    this.jobs.set(key, job);
    if (this.handle === 0) this.handle = this.schedule(() => this.flush());
  }

  /** Do the pending writes now. */
  flush(): void {
    if (this.handle !== 0) this.cancelFn(this.handle);
    this.handle = 0;
    const jobs = [...this.jobs.values()];
    this.jobs.clear();
    for (const j of jobs) if (j()) this.writes += 1;
  }

  /** Forget the pending writes (e.g. a final result is written directly and must not be overwritten). */
  drop(): void {
    if (this.handle !== 0) this.cancelFn(this.handle);
    this.handle = 0;
    this.jobs.clear();
  }
}
