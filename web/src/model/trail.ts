// Ring buffer of past centre-of-mass positions with their times (the fading trail's data).

export class TrailBuffer {
  readonly capacity: number;
  private readonly xyz: Float64Array;
  private readonly times: Float64Array;
  private start = 0;
  length = 0;

  constructor(capacity = 4096) {
    this.capacity = capacity;
    this.xyz = new Float64Array(capacity * 3);
    this.times = new Float64Array(capacity);
  }

  push(t: number, x: number, y: number, z: number): void {
    const i = (this.start + this.length) % this.capacity;
    this.xyz[3 * i] = x;
    this.xyz[3 * i + 1] = y;
    this.xyz[3 * i + 2] = z;
    this.times[i] = t;
    if (this.length < this.capacity) this.length++;
    else this.start = (this.start + 1) % this.capacity;
  }

  clear(): void {
    this.start = 0;
    this.length = 0;
  }

  /** k-th oldest point (0 = oldest). */
  time(k: number): number {
    return this.times[(this.start + k) % this.capacity] ?? NaN;
  }

  point(k: number, out: [number, number, number]): [number, number, number] {
    const i = (this.start + k) % this.capacity;
    out[0] = this.xyz[3 * i] ?? NaN;
    out[1] = this.xyz[3 * i + 1] ?? NaN;
    out[2] = this.xyz[3 * i + 2] ?? NaN;
    return out;
  }
}
