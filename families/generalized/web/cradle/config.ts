// Newton's cradle (Seghete & Murphey): the resolved config is a generalized system (q_i = θ_i,
// M = m ℓ² I, "pendulums" potential, "ball_pair" contacts) that keeps its set-up in a "cradle" block.
// The controls edit that set-up (balls, pulled, pull angle, gap, policy) and h; the config sent back is
// the preset's set-up patched with them, so the core rebuilds q₀, the pivots and the contacts.
import type { GeneralizedConfig } from '../generalized/config';
import { effectiveJump, jumpKeys, parseGeneralizedConfig } from '../generalized/config';
import type { JumpKind } from '../../../../web/src/config/fields';
import { ConfigShapeError } from '../../../../web/src/config/parse';
import type { GeneralizedCradle } from '../generated/config-schema';
import { tr } from '../words';

export type CradlePolicy = NonNullable<GeneralizedCradle['policy']>;
/** The core's impact policies of the cradle (docs/generalized.md "Newton's cradle: simultaneous impacts"), in the order of the switch. */
export const CRADLE_POLICIES: readonly CradlePolicy[] = ['chain', 'simultaneous', 'sequential'];
export const POLICY_LABELS: Record<CradlePolicy, string> = {
  get chain() { return tr('cradle.policy.chain'); },
  get simultaneous() { return tr('cradle.policy.simultaneous'); },
  get sequential() { return tr('cradle.policy.sequential'); },
};

/** The cradle's set-up as the resolved config states it: every row of the schema's "cradle" block (angle in [−π/2, 0) rad). */
export type CradleSetup = Required<GeneralizedCradle>;

export interface CradleConfig extends GeneralizedConfig {
  cradle: CradleSetup;
}

export interface CradleParams {
  caseName: string;
  h: number;
  jump: JumpKind;
  speed: number;
  balls: number;
  pulled: number;
  angle: number;
  gap: number;
  policy: CradlePolicy;
  [key: string]: unknown;
}

function num(o: Record<string, unknown>, k: string): number {
  const v = o[k];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ConfigShapeError(`cradle.${k}: expected a finite number, got ${JSON.stringify(v)}`);
  return v;
}

/** Parse the core's resolved JSON of the cradle: a generalized system with its "cradle" set-up. */
export function parseCradleConfig(json: string): CradleConfig {
  const g = parseGeneralizedConfig(json);
  const c = g['cradle'];
  if (typeof c !== 'object' || c === null || Array.isArray(c)) throw new ConfigShapeError('cradle: expected the cradle set-up object');
  const o = c as Record<string, unknown>;
  const policy = o['policy'];
  if (!CRADLE_POLICIES.includes(policy as CradlePolicy)) {
    throw new ConfigShapeError(`cradle.policy: expected one of ${CRADLE_POLICIES.map((c) => `"${c}"`).join(', ')}, got ${JSON.stringify(policy)}`);
  }
  const cradle: CradleSetup = {
    balls: num(o, 'balls'),
    pulled: num(o, 'pulled'),
    angle: num(o, 'angle'),
    gap: num(o, 'gap'),
    mass: num(o, 'mass'),
    length: num(o, 'length'),
    radius: num(o, 'radius'),
    g: num(o, 'g'),
    policy: policy as CradlePolicy,
  };
  if (g.q0.length !== cradle.balls) throw new ConfigShapeError(`q0: expected ${cradle.balls} angles, got ${g.q0.length}`);
  return { ...g, cradle };
}

export function cradleParams(caseName: string, c: CradleConfig, speed: number): CradleParams {
  const { balls, pulled, angle, gap, policy } = c.cradle;
  return { caseName, h: c.h, jump: effectiveJump(c, policy), speed, balls, pulled, angle, gap, policy };
}

/** The config sent to the core: {"case", "cradle": preset set-up with the edited values, "h"}. */
export function cradleConfigJson(base: CradleConfig, p: CradleParams): string {
  const cradle: CradleSetup = { ...base.cradle, balls: p.balls, pulled: p.pulled, angle: p.angle, gap: p.gap, policy: p.policy };
  // The jump as the policy takes it (generalized/config.ts jumpKeys): a chain's is its chain_energy.
  return JSON.stringify({ case: base.case ?? 'cradle', cradle, h: p.h, ...jumpKeys(base, base.cradle.policy, p.jump, p.policy) });
}

/** Pivot x of ball i (0-based): the row of pivots 2r + gap apart, centred on x = 0. */
export function pivotX(setup: Pick<CradleSetup, 'balls' | 'radius' | 'gap'>, i: number): number {
  return (i - (setup.balls - 1) / 2) * (2 * setup.radius + setup.gap);
}
