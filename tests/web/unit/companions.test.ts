// The companion-run mechanism (model/companions.ts) on its own, with steppers whose states are closed
// forms: free flight x(t) = x₀ + v t − ½ g t² e₃, so every recorded row can be checked exactly; a
// companion catches up from t = 0 when switched on mid-run, stops (NaN rows) when its integrator
// halts, and negates its momenta on reversal.
import { describe, expect, it } from 'vitest';
import type { CompanionStepper } from '../../../web/src/model/companions';
import { CompanionRun, CompanionSet, STEPPER_HALTED } from '../../../web/src/model/companions';
import { RigidPoseSpace } from '../../../families/rigid_body/web/pose-space';
import { RunHistory } from '../../../web/src/model/history';
import type { RowFormat } from '../../../web/src/model/history';

const g = 9.80665;
const h = 0.01;

/** Free flight of a point (mass 1) from height z0 with vertical velocity v0; halts after `haltAt` steps. */
class FlightStepper implements CompanionStepper {
  readonly integrator = 'flight';
  readonly space = new RigidPoseSpace();
  k = 0;
  v: number;
  z: number;
  constructor(
    readonly z0: number,
    readonly v0: number,
    readonly haltAt = Infinity,
  ) {
    this.z = z0;
    this.v = v0;
  }
  step(): number {
    if (this.k >= this.haltAt) return STEPPER_HALTED;
    this.k += 1;
    this.z += h * this.v - 0.5 * g * h * h;
    this.v -= g * h;
    return 0;
  }
  readPose(into: Float64Array): void {
    into.fill(0);
    into[2] = this.z;
    into[3] = into[7] = into[11] = 1;
  }
  energy(): number {
    return 0.5 * this.v * this.v + g * this.z;
  }
  reset(): void {
    this.k = 0;
    this.z = this.z0;
    this.v = this.v0;
  }
  reverseMomenta(): void {
    this.v = -this.v;
  }
  dispose(): void {}
}

const NAMES = ['t', 'x1', 'x2', 'x3', 'R11', 'R12', 'R13', 'R21', 'R22', 'R23', 'R31', 'R32', 'R33', 'E', 'impacts'];
/** A history of the main run: the flight from z = 10 with v = 0, rows written by hand. */
function mainHistory(): { history: RunHistory; main: FlightStepper; record(): void } {
  const format: RowFormat = {
    columns: { names: NAMES, energy: 13, energyParts: [], height: 3, energySymbol: 'E', impacts: 14 },
    writeRow: (s: Float64Array, out: Float64Array | number[], at: number) => {
      for (let i = 0; i < 14; i++) out[at + i] = s[i] ?? NaN;
    },
  } as unknown as RowFormat;
  const history = new RunHistory(16, 1 << 16, format);
  const main = new FlightStepper(10, 0);
  const state = new Float64Array(14);
  const record = (): void => {
    state[0] = main.k * h;
    const p = new Float64Array(12);
    main.readPose(p);
    state.set(p, 1);
    state[13] = main.energy();
    history.record(state, 0);
  };
  record();
  return { history, main, record };
}

describe('companion runs', () => {
  it('record height, energy and divergence row by row against the main history, catching up from t = 0', () => {
    const { history, main, record } = mainHistory();
    for (let k = 0; k < 50; k++) {
      main.step();
      record();
    }
    const run = new CompanionRun('up', 'thrown up', '#123456', '{}', new FlightStepper(10, 3));
    const set = new CompanionSet([run]);
    set.syncTo(history); // switched on after 50 steps: 51 rows at once
    expect(run.length).toBe(51);
    expect(set.length).toBe(51);
    for (const k of [0, 1, 25, 50]) {
      const t = k * h;
      // the discrete flight above is exact for the quadratic: z_k = z₀ + v₀ t − ½ g t²
      expect(run.height.get(k)).toBeCloseTo(10 + 3 * t - 0.5 * g * t * t, 12);
      expect(run.divergence.get(k)).toBeCloseTo(3 * t, 12); // |Δz|, same attitude
      expect(run.energy.get(k)).toBeCloseTo(0.5 * 9 + g * 10, 10);
    }
    expect(run.energy0).toBe(0.5 * 9 + g * 10);
    expect(run.relativeEnergyError).toBeLessThan(1e-12);
    // interpolated pose halfway between the last two rows
    const mid = run.interpolated(0.5);
    expect(mid.x[2]).toBeCloseTo((run.height.get(49) + run.height.get(50)) / 2, 12);
  });

  it('a halted integrator leaves NaN rows; reset starts over; reversal negates the momenta', () => {
    const { history, main, record } = mainHistory();
    const stepper = new FlightStepper(10, 0, 5);
    const run = new CompanionRun('h', 'halting', '#000000', '{}', stepper);
    const set = new CompanionSet([run]);
    set.reset(history);
    for (let k = 0; k < 10; k++) {
      main.step();
      record();
      set.syncTo(history);
    }
    expect(run.length).toBe(11);
    expect(run.halted).toBe(true);
    expect(Number.isNaN(run.height.get(6))).toBe(true);
    expect(run.divergence.get(5)).toBe(0);
    set.reset(history);
    expect(run.halted).toBe(false);
    expect(run.length).toBe(1);
    stepper.step();
    set.reverseMomenta();
    expect(stepper.v).toBeCloseTo(g * h, 15);
    expect(() => set.run('nope')).toThrow(/no companion nope/);
  });
});
