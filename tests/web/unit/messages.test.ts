// The page's sentences for refusals and status reports (config/messages.ts): the student's words
// first with the measure of the fix, the core's text kept as the detail, every status code covered
// (unknown ones generically).
import { describe, expect, it } from 'vitest';
import { explainConfigError, explainStatus, plainNumber } from '../../../web/src/config/messages';
import { cradleControls } from '../../../families/generalized/web/cradle/controls';
import { generalizedControls } from '../../../families/generalized/web/generalized/controls';
import { rigidControls } from '../../../families/rigid_body/web/controls';
import { rigidBodyParams } from '../../../families/rigid_body/web/params';
import { parseRigidBodyConfig } from '../../../families/rigid_body/web/config';
import { fakePreset } from '../../../families/rigid_body/tests/web/unit/support/fake-engine';

// The core's status codes (the module's statusCodes()) and the capabilities that word the causes.
const codes = { ok: 0, newton_failed: 1, zeno_guard: 2, work_limit: 3 };
const rigidBody = { shapes: true, contactPhase: true };
const generalized = { shapes: false, contactPhase: false };
const rigid = { codes, capabilities: rigidBody, restitution: 1, halted: false, integrator: 'lgvci', h: 0.01 };
const gen = { violationText: generalizedControls.violationText };
const cradle = { violationText: cradleControls.violationText, fieldWords: cradleControls.fieldWords, refusalText: cradleControls.refusalText };

describe('refused set-ups', () => {
  it('a body inside the plane: how deep, and how far to raise it on a tilted plane (d / n₃), in the rigid body\'s words', () => {
    const raw = 'x0: the initial state penetrates the plane (Phi = -2.06896 < 0); raise x0 or change R0';
    const cos20 = Math.cos((20 * Math.PI) / 180);
    const tilted = { ...rigidBodyParams('I', parseRigidBodyConfig(JSON.stringify(fakePreset('I')))), tilt: (20 * Math.PI) / 180 };
    const x = explainConfigError(raw, { refusalText: (r) => rigidControls.refusalText?.(r, tilted) ?? null });
    expect(x.text).toBe(`The body starts inside the plane (2.07 m too deep): raise its height z by at least ${plainNumber(2.06896 / cos20)} m.`);
    expect(plainNumber(2.06896 / cos20)).toBe('2.2');
    expect(x.detail).toBe(raw);
  });

  it('a generalized body below the floor, and two cradle balls overlapping', () => {
    const raw = 'q0: the initial state violates constraint 1 (phi = -0.4 < 0)';
    expect(explainConfigError(raw, gen).text).toBe(
      'The body starts below the floor (a point is 0.4 m too deep): raise its height y₀ by at least 0.4 m or turn it.',
    );
    expect(explainConfigError(raw, cradle).text).toMatch(/^Two balls start overlapping \(by 0\.4 m\)/);
  });

  it('another rule keeps its words, with internal names and equation numbers replaced', () => {
    const x = explainConfigError('cradle.angle: must be in (0, 90]', cradle);
    expect(x.text).toBe('The pull angle: must be in (0, 90].');
    expect(x.detail).toBe('cradle.angle: must be in (0, 90]');
    expect(explainConfigError('cradle.pulled: must be an integer in [1, 5]', cradle).text).toBe(
      'You can pull back at most as many balls as the cradle has (5): pull fewer, or add balls first.',
    );
    const y = explainConfigError('the discrete energy balance (75a) has no bounce root', gen);
    expect(y.text).not.toContain('(75a)');
    // A message that needs no translation has no detail.
    expect(explainConfigError('Plane tilt must be in [0°, 90°).', {}).detail).toBe('');
  });
});

describe('status reports', () => {
  it('a Newton failure: stopped, when, why, Reset and halving h; the core text as detail', () => {
    const w = explainStatus({ code: 1, message: 'Newton iteration for F did not converge', t: 3.14159 }, { ...rigid, halted: true });
    expect(w.text).toMatch(/^The simulation stopped at t = 3\.14 s: the integrator could not solve the next time step/);
    expect(w.halted).toBe(true);
    expect(w.actions.map((a) => a.id)).toEqual(['reset', 'lower-h']);
    expect(w.actions[1]?.label).toBe('Halve h (to 0.005 s)');
    expect(w.detail).toBe('Newton iteration for F did not converge');
  });

  it('a Zeno cascade the contact phase resolved: the count of bounces, at rest in contact, the run goes on', () => {
    const msg =
      'Zeno guard: the step from t = 12.49 to t = 12.5 met 64 impacts (the last at t = 12.4962); the cascade\'s limit was taken: 4 points in contact';
    const w = explainStatus({ code: 2, message: msg, t: 12.5 }, { ...rigid, restitution: 0.99 });
    expect(w.text).toMatch(/^At t = 12\.50 s the body bounced 64 times within one time step/);
    expect(w.text).toContain('rests on the plane in contact');
    expect(w.text).toContain('The run goes on.');
    expect(w.halted).toBe(false);
    expect(w.detail).toBe(msg);
  });

  it('a Zeno cascade that halted: the way out depends on the integrator (RK4 → the LGVCI, fast bounces → h or e)', () => {
    const msg =
      'Zeno guard: the step from t = 0.5 to t = 0.51 located more than 64 impacts (the last at t = 0.503) and this integrator has no contact phase to hand the cascade to; the run is halted at t = 0.5';
    const rk4 = explainStatus({ code: 2, message: msg, t: 0.5 }, { ...rigid, halted: true, integrator: 'rk4' });
    expect(rk4.text).toMatch(/^The simulation stopped at t = 0\.50 s: the body bounced 64 times within one time step/);
    expect(rk4.text).toContain('choose the LGVCI integrator');
    expect(rk4.halted).toBe(true);
    const fast = explainStatus({ code: 2, message: msg, t: 0.5 }, { ...rigid, halted: true });
    expect(fast.text).toContain('restitution e');
    expect(fast.actions.map((a) => a.id)).toEqual(['reset', 'lower-h']);
    const vci = explainStatus({ code: 2, message: msg, t: 0.5 }, { ...rigid, capabilities: generalized, halted: true, integrator: 'vci' });
    expect(vci.text).toContain('no contact phase');
  });

  it('the work limit halts: too much work in one step, Reset or a smaller h', () => {
    const msg = 'work limit: the step from t = 2 to t = 2.01 needed more than 8192 flow evaluations (75 impacts located in it); the run is halted at t = 2';
    const w = explainStatus({ code: 3, message: msg, t: 2 }, { ...rigid, halted: true });
    expect(w.text).toMatch(/^The simulation stopped at t = 2\.00 s: one time step needed more work than the integrator allows/);
    expect(w.halted).toBe(true);
    expect(w.actions.map((a) => a.id)).toEqual(['reset', 'lower-h']);
    expect(w.detail).toBe(msg);
  });

  it('with h locked by the teacher, halving h is not offered (only Reset), whatever the report', () => {
    const work = 'work limit: the step from t = 2 to t = 2.01 needed more than 8192 flow evaluations; the run is halted at t = 2';
    const zeno = "Zeno guard: the step from t = 12.49 to t = 12.5 met 64 impacts (the last at t = 12.4962); the cascade's limit was taken";
    for (const [code, message, halted] of [[1, 'Newton iteration for F did not converge', true], [2, zeno, false], [3, work, true]] as const) {
      const w = explainStatus({ code, message, t: 2 }, { ...rigid, halted, lowerH: false });
      expect(w.actions.map((a) => a.id), message).toEqual(['reset']);
      // and offered when h is free
      expect(explainStatus({ code, message, t: 2 }, { ...rigid, halted, lowerH: true }).actions.map((a) => a.id), message).toContain('lower-h');
    }
  });

  it('an unknown code is told generically, halted or not, with the core message (or the code) as detail', () => {
    const a = explainStatus({ code: 7, message: 'work limit: 1000 sub-steps', t: 2 }, { ...rigid, halted: true });
    expect(a.text).toMatch(/^The simulation stopped at t = 2\.00 s/);
    expect(a.detail).toBe('work limit: 1000 sub-steps');
    const b = explainStatus({ code: 7, message: '', t: 2 }, rigid);
    expect(b.text).toMatch(/the run goes on/);
    expect(b.detail).toBe('status code 7');
  });

  it('at the smallest time step there is no "halve h" button', () => {
    expect(explainStatus({ code: 1, message: 'x', t: 0 }, { ...rigid, h: 1e-4, halted: true }).actions.map((a) => a.id)).toEqual(['reset']);
  });
});
