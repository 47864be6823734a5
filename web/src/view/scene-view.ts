// The view: a three.js scene of the body, the plane (true tilt, ground grid), lights and shadows, an
// orbit camera that follows the body (or stays on the target of a family with a fixed camera), a
// fading trail of the centre of mass and impact flashes.
// What the body looks like comes from the model family's FamilyView. No DOM besides the canvas it
// owns; no simulation logic.
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { Vec3 } from '../config/types';
import type { Quat } from '../model/interpolation';
import type { Impact } from '../model/run';
import type { TrailBuffer } from '../model/trail';
import type { BodyObject } from './body-material';
import { createBodyMaterial } from './body-material';
import { litMaterial, whiteVertexColors } from './lit-surface';
import type { DragSpec, FamilyView } from './family-view';
import { t as tr } from '../i18n';

const E3 = new THREE.Vector3(0, 0, 1);
const HORIZON = new THREE.Color('#eef2f7');
const ZENITH = new THREE.Color('#c3d5ea');
const SKY_RADIUS = 2500;
const FLASH_COLOR = new THREE.Color('#c8102e');
const TRAIL_COLOR = new THREE.Color('#1d5fbf');
const GRID_STEP = 1;
const GRID_MAJOR = 5;
const GRID_HALF = 60;
const PLANE_SIZE = 1500;
const FLASH_SECONDS = 1.1;
/** Tints of the sensitivity twins' ghosts: position-perturbed blue, attitude-perturbed red (Fig. 9/10). */
export const GHOST_COLORS = ['#1d5fbf', '#c8102e'] as const;
/** Ghosts are drawn a hair larger than the body so that, while they coincide with it, they do not z-fight. */
const GHOST_SCALE = 1.012;
const TRAIL_FADE_SECONDS = 6;
/** The followed target lags the body by at most this fraction of the view's half-height. */
const FOLLOW_MAX_LAG = 0.3;
/**
 * Beyond this distance from the origin (m) the shader's single-precision world positions cannot place
 * the shadow on the plane (the slide reaches 10⁸ m): shadows are switched off there.
 */
const SHADOW_RANGE = 1e5;

interface Flash {
  ring: THREE.Mesh<THREE.RingGeometry, THREE.MeshBasicMaterial>;
  dot: THREE.Mesh<THREE.SphereGeometry, THREE.MeshBasicMaterial>;
  age: number;
}

/** Grid lines in the plane's local xy, split into short pieces so each can fade with distance. */
function buildGrid(): THREE.LineSegments {
  const minor = new THREE.Color('#b8c4d3');
  const major = new THREE.Color('#7f91a8');
  const piece = 2.5;
  const lines = Math.floor((2 * GRID_HALF) / GRID_STEP) + 1;
  const pieces = Math.ceil((2 * GRID_HALF) / piece);
  // Written straight into the attribute arrays: the grid is built before the first frame (docs/page.md "First load").
  const vertices = lines * pieces * 4;
  const pos = new Float32Array(vertices * 3);
  const col = new Float32Array(vertices * 4);
  let v = 0;
  const vertex = (x: number, y: number, c: THREE.Color, strength: number): void => {
    const r = Math.hypot(x, y) / GRID_HALF;
    const fade = Math.max(0, 1 - r * r) ** 1.5;
    pos[3 * v] = x;
    pos[3 * v + 1] = y;
    pos[3 * v + 2] = 0;
    col[4 * v] = c.r;
    col[4 * v + 1] = c.g;
    col[4 * v + 2] = c.b;
    col[4 * v + 3] = strength * fade;
    v++;
  };
  for (let k = -GRID_HALF; k <= GRID_HALF; k += GRID_STEP) {
    const c = k % GRID_MAJOR === 0 ? major : minor;
    const strength = k % GRID_MAJOR === 0 ? 0.9 : 0.55;
    for (let s = -GRID_HALF; s < GRID_HALF; s += piece) {
      // a piece of the line x = k, then one of the line y = k
      vertex(k, s, c, strength);
      vertex(k, s + piece, c, strength);
      vertex(s, k, c, strength);
      vertex(s + piece, k, c, strength);
    }
  }
  if (v !== vertices) throw new Error(`the grid has ${v} vertices, not ${vertices}`);
  const geo = new THREE.BufferGeometry();
  geo.setAttribute('position', new THREE.BufferAttribute(pos, 3));
  geo.setAttribute('color', new THREE.BufferAttribute(col, 4));
  const mat = new THREE.LineBasicMaterial({ vertexColors: true, transparent: true, depthWrite: false });
  const grid = new THREE.LineSegments(geo, mat);
  grid.name = 'grid';
  grid.position.z = 0.004;
  grid.renderOrder = 1;
  return grid;
}

/** Sky dome: the fog colour at and below the horizon, shading to a light blue at the zenith. */
function buildSky(): THREE.Mesh {
  const geo = new THREE.SphereGeometry(SKY_RADIUS, 32, 24);
  geo.rotateX(Math.PI / 2); // poles on the z axis
  const pos = geo.getAttribute('position');
  const colors = new Float32Array(pos.count * 3);
  const c = new THREE.Color();
  for (let i = 0; i < pos.count; i++) {
    const up = Math.max(0, pos.getZ(i) / SKY_RADIUS);
    c.copy(HORIZON).lerp(ZENITH, Math.min(1, up * 1.6) ** 0.8);
    c.toArray(colors, 3 * i);
  }
  geo.setAttribute('color', new THREE.BufferAttribute(colors, 3));
  const mat = new THREE.MeshBasicMaterial({ vertexColors: true, side: THREE.BackSide, fog: false, depthWrite: false });
  const sky = new THREE.Mesh(geo, mat);
  sky.name = 'sky';
  sky.renderOrder = -1;
  sky.frustumCulled = false;
  return sky;
}

/**
 * The points of a fading trail up to the drawn time tNow, ending at the drawn position, into a line's
 * buffers (positions relative to the line's own position, colour with a fading alpha); returns the count.
 */
function writeTrail(
  line: THREE.Line,
  positions: Float32Array,
  colors: Float32Array,
  color: THREE.Color,
  trail: TrailBuffer,
  tNow: number,
  xNow: Vec3,
): number {
  const cap = positions.length / 3;
  let last = trail.length - 1;
  while (last >= 0 && trail.time(last) > tNow + 1e-12) last--;
  let first = last;
  while (first > 0 && tNow - trail.time(first - 1) <= TRAIL_FADE_SECONDS && last - first + 2 < cap) first--;
  const p: [number, number, number] = [0, 0, 0];
  let n = 0;
  // Stored relative to the drawn position (the line's own position): single precision keeps the
  // points exact however far the body has gone (the slide: 10⁸ m after 10⁴ s).
  const [ox, oy, oz] = xNow;
  line.position.set(ox, oy, oz);
  const put = (x: number, y: number, z: number, age: number): void => {
    const a = Math.max(0, 1 - age / TRAIL_FADE_SECONDS);
    positions.set([x - ox, y - oy, z - oz], 3 * n);
    colors.set([color.r, color.g, color.b, 0.85 * a * a], 4 * n);
    n++;
  };
  for (let k = first; k <= last && last >= 0; k++) {
    trail.point(k, p);
    put(p[0], p[1], p[2], tNow - trail.time(k));
  }
  if (n < cap) put(xNow[0], xNow[1], xNow[2], 0);
  return n;
}

/** A fading polyline with its own buffers (a ghost's trail). */
function trailLine(cap: number, name: string): { line: THREE.Line; positions: Float32Array; colors: Float32Array } {
  const positions = new Float32Array(cap * 3);
  const colors = new Float32Array(cap * 4);
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.BufferAttribute(positions, 3).setUsage(THREE.DynamicDrawUsage));
  g.setAttribute('color', new THREE.BufferAttribute(colors, 4).setUsage(THREE.DynamicDrawUsage));
  g.setDrawRange(0, 0);
  const line = new THREE.Line(g, new THREE.LineBasicMaterial({ vertexColors: true, transparent: true, depthWrite: false }));
  line.name = name;
  line.frustumCulled = false;
  return { line, positions, colors };
}

export interface SceneViewOptions {
  /** Device pixel ratio cap. */
  maxPixelRatio?: number;
}

/**
 * What the browser may do with a finger on the view: pan the page (one finger scrolls the lesson around
 * the view, docs/page.md "Every screen"); two fingers are the camera's (app/view-gestures.ts). The
 * stylesheet says the same, but the camera controls write their own inline value when they attach.
 */
export const VIEW_TOUCH_ACTION = 'pan-x pan-y';

/**
 * OrbitControls that leave the page its one-finger scroll: three.js's connect() sets the element's inline
 * `touch-action: none` (which beats any stylesheet), so every attach, the first one in the constructor
 * included, writes the view's touch-action back over it.
 */
class PageOrbitControls extends OrbitControls {
  override connect(element: HTMLElement | SVGElement): void {
    super.connect(element);
    element.style.touchAction = VIEW_TOUCH_ACTION;
  }
}

export class SceneView {
  readonly canvas: HTMLCanvasElement;
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera: THREE.PerspectiveCamera;
  readonly controls: OrbitControls;
  /** Rotated so that its local +z is the plane normal; holds the plane mesh and the grid. */
  readonly planeGroup = new THREE.Group();
  readonly bodyRoot = new THREE.Group();
  /** The user's choice (the panel's "Camera follows the body"); it applies where followable. */
  follow = true;
  private readonly container: HTMLElement;
  private readonly planeMesh: THREE.Mesh<THREE.PlaneGeometry, THREE.MeshStandardMaterial>;
  private readonly grid: THREE.LineSegments;
  private readonly sun: THREE.DirectionalLight;
  private readonly sky: THREE.Mesh;
  private readonly bodyMaterial = createBodyMaterial();
  private body: BodyObject | null = null;
  /** The content's pose of its parts, and the coordinates it was last posed at. */
  private posePart: ((coords: readonly number[]) => void) | null = null;
  private posedCoords: number[] | null = null;
  /** Ghost materials by colour (created on first use, disposed with the view). */
  private readonly ghostMaterials = new Map<string, THREE.MeshStandardMaterial>();
  /** Translucent copies of the body for the companion runs: twins, baselines (they share its geometry). */
  private ghosts: THREE.Group[] = [];
  private ghostColors: string[] = [];
  /** One fading trail per ghost, in its colour (its centre's path, as the body's trail). */
  private ghostTrails: { line: THREE.Line; positions: Float32Array; colors: Float32Array; color: THREE.Color; count: number; t: number }[] = [];
  private bodyRadius = 5;
  private followHeight = 6;
  /** The current content's fixed camera target (FamilyView.fixedCamera), null when the camera can follow the body. */
  private fixedTarget: THREE.Vector3 | null = null;
  private effectScale = 1;
  private viewDistance = NaN;
  /** World-frame decorations of the current content (e.g. the floor line of a planar model). */
  private readonly extras = new THREE.Group();
  private readonly trailLine: THREE.Line;
  private readonly trailPositions: Float32Array;
  private readonly trailColors: Float32Array;
  private readonly flashes: Flash[] = [];
  private readonly flashRingGeo = new THREE.RingGeometry(0.82, 1, 64);
  private readonly flashDotGeo = new THREE.SphereGeometry(0.14, 16, 12);
  private readonly resizeObserver: ResizeObserver | null;
  private normal = new THREE.Vector3(0, 0, 1);
  /** Normal of the impact rings' plane, and the content's map from an impact record to its marker point. */
  private flashNormal = new THREE.Vector3(0, 0, 1);
  private impactPointOf: ((imp: Impact) => Vec3) | null = null;
  private dragSpec: DragSpec | null = null;
  private trailCount = -1;
  private trailTime = NaN;
  private disposed = false;
  /** Something changed since the last frame; idle frames are skipped (no work while paused). */
  private dirty = true;
  /** Frames actually drawn. */
  drawn = 0;

  constructor(container: HTMLElement, opts: SceneViewOptions = {}) {
    this.container = container;
    // The canvas has the view's size before its context is made (as resize() sizes it), so the drawing
    // buffer is allocated once, not made at 300×150 and again at the first resize: that second
    // allocation waits for the GPU process before the first frame (docs/page.md "First load").
    const pixelRatio = Math.min(window.devicePixelRatio || 1, opts.maxPixelRatio ?? 2);
    const canvas = document.createElement('canvas');
    const [w, h] = this.cssSize();
    canvas.width = Math.floor(w * pixelRatio);
    canvas.height = Math.floor(h * pixelRatio);
    // Throws if WebGL is unavailable; the app catches it and shows a notice.
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: true, powerPreference: 'high-performance' });
    this.renderer.setClearColor(HORIZON, 1);
    this.renderer.setPixelRatio(pixelRatio);
    this.renderer.shadowMap.enabled = true;
    this.renderer.shadowMap.type = THREE.PCFShadowMap;
    this.renderer.outputColorSpace = THREE.SRGBColorSpace;
    this.canvas = this.renderer.domElement;
    this.canvas.className = 'lgvci-canvas';
    this.canvas.setAttribute('role', 'img');
    // Until a family's content is shown (show(): its FamilyView.describe).
    this.canvas.setAttribute('aria-label', tr('view.scene'));
    container.appendChild(this.canvas);

    this.scene.fog = new THREE.Fog(HORIZON, 90, 260);
    this.sky = buildSky();
    this.scene.add(this.sky);

    this.camera = new THREE.PerspectiveCamera(38, 1, 0.1, 3000);
    this.camera.up.set(0, 0, 1);
    this.camera.position.set(27, -32, 15);
    this.controls = new PageOrbitControls(this.camera, this.canvas);
    this.controls.target.set(0, 0, 6);
    this.controls.enableDamping = true;
    this.controls.dampingFactor = 0.08;
    this.controls.maxPolarAngle = Math.PI * 0.495;
    this.controls.minDistance = 4;
    this.controls.maxDistance = 400;
    this.controls.update();

    const hemi = new THREE.HemisphereLight('#ffffff', '#aab6c6', 1.6);
    hemi.position.set(0, 0, 1);
    this.scene.add(hemi);
    this.sun = new THREE.DirectionalLight('#fff6e8', 2.4);
    this.sun.castShadow = true;
    this.sun.shadow.mapSize.set(2048, 2048);
    this.sun.shadow.bias = -0.0004;
    this.sun.shadow.normalBias = 0.02;
    this.scene.add(this.sun, this.sun.target);

    this.planeMesh = new THREE.Mesh(
      whiteVertexColors(new THREE.PlaneGeometry(PLANE_SIZE, PLANE_SIZE)),
      litMaterial({ color: '#f4f6f9', roughness: 0.95, metalness: 0 }), // the body's program (lit-surface.ts)
    );
    this.planeMesh.name = 'plane';
    this.planeMesh.receiveShadow = true;
    this.grid = buildGrid();
    this.planeGroup.name = 'planeGroup';
    this.planeGroup.add(this.planeMesh, this.grid);
    this.scene.add(this.planeGroup);

    this.bodyRoot.name = 'bodyRoot';
    this.scene.add(this.bodyRoot);
    this.extras.name = 'extras';
    this.scene.add(this.extras);

    const cap = 4096;
    this.trailPositions = new Float32Array(cap * 3);
    this.trailColors = new Float32Array(cap * 4);
    const tg = new THREE.BufferGeometry();
    tg.setAttribute('position', new THREE.BufferAttribute(this.trailPositions, 3).setUsage(THREE.DynamicDrawUsage));
    tg.setAttribute('color', new THREE.BufferAttribute(this.trailColors, 4).setUsage(THREE.DynamicDrawUsage));
    tg.setDrawRange(0, 0);
    this.trailLine = new THREE.Line(
      tg,
      new THREE.LineBasicMaterial({ vertexColors: true, transparent: true, depthWrite: false }),
    );
    this.trailLine.name = 'trail';
    this.trailLine.frustumCulled = false;
    this.scene.add(this.trailLine);

    this.controls.addEventListener('change', this.markDirty);
    this.resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.resize());
    this.resizeObserver?.observe(container);
    this.resize();
  }

  private readonly markDirty = (): void => {
    this.dirty = true;
  };

  /**
   * High contrast for a projector (the page's projector theme): dark grid lines on a white plane and
   * the fog pushed back, so that a washed-out beamer still shows the ground and the depth.
   */
  setHighContrast(on: boolean): void {
    (this.grid.material as THREE.LineBasicMaterial).color.set(on ? '#2a3648' : '#ffffff');
    this.planeMesh.material.color.set(on ? '#ffffff' : '#f4f6f9');
    const fog = this.scene.fog as THREE.Fog;
    fog.near = on ? 160 : 90;
    fog.far = on ? 420 : 260;
    this.dirty = true;
  }

  /** Ask for a redraw on the next frame. */
  invalidate(): void {
    this.dirty = true;
  }

  /** Rebuild the body and orient the ground for a (new) config of a family. */
  show<C>(family: FamilyView<C>, config: C): void {
    const content = family.build(config, this.bodyMaterial);
    if ((family.fixedCamera !== undefined) !== (content.fixedTarget !== undefined)) {
      content.body.dispose();
      throw new Error(`the view of "${family.id}": a fixed camera (FamilyView.fixedCamera) needs the content's fixedTarget, and only it`);
    }
    const ghostColors = this.ghostColors;
    this.setGhosts([]);
    this.body?.dispose();
    this.body = content.body;
    this.bodyRoot.add(this.body.group);
    // A body whose meshes are built in slices after it (an intersection's): its ghosts take their
    // geometry too, and the next frame draws it.
    const body = content.body;
    void body.refined?.then(() => {
      if (this.disposed || this.body !== body) return;
      for (const g of this.ghosts) {
        g.children.forEach((c, k) => {
          const m = body.meshes[k];
          if (m && c instanceof THREE.Mesh) c.geometry = m.geometry;
        });
      }
      this.dirty = true;
    });
    this.posePart = content.pose ?? null;
    this.posedCoords = null;
    this.setGhosts(ghostColors);
    this.bodyRadius = content.radius;
    this.followHeight = content.followHeight ?? 6;
    const fixed = content.fixedTarget ? new THREE.Vector3(...content.fixedTarget) : null;
    // A fixed target is where the camera looks when it changes (another family, another set-up);
    // after that the camera stays where the user turns it.
    const moveTo = fixed && !(this.fixedTarget && this.fixedTarget.equals(fixed)) ? fixed : null;
    this.fixedTarget = fixed;
    if (moveTo) {
      const d = moveTo.clone().sub(this.controls.target);
      this.controls.target.add(d);
      this.camera.position.add(d);
    }
    this.effectScale = content.effectScale ?? 1;
    this.clearExtras();
    for (const o of content.extras ?? []) this.extras.add(o);
    // The camera distance changes only with the kind of body (not on every restart, which keeps the zoom).
    const wanted = content.viewFit ? this.fitDistance(content.viewFit) : content.viewDistance;
    if (wanted !== undefined && wanted !== this.viewDistance) {
      const d = wanted;
      this.viewDistance = d;
      this.controls.minDistance = Math.min(4, d / 3);
      const dir = content.viewDirection
        ? new THREE.Vector3(...content.viewDirection)
        : this.camera.position.clone().sub(this.controls.target);
      this.camera.position.copy(this.controls.target).addScaledVector(dir.normalize(), d);
    }
    this.canvas.setAttribute('aria-label', family.describe(config));
    const n = content.groundNormal;
    this.normal.set(...n).normalize();
    this.flashNormal.set(...(content.impactNormal ?? n)).normalize();
    this.impactPointOf = content.impactPoint ?? null;
    this.dragSpec = content.drag ?? null;
    this.planeGroup.quaternion.setFromUnitVectors(E3, this.normal);
    const ext = this.bodyRadius + 6;
    const cam = this.sun.shadow.camera;
    cam.left = -ext;
    cam.right = ext;
    cam.top = ext;
    cam.bottom = -ext;
    cam.near = 1;
    cam.far = 200;
    cam.updateProjectionMatrix();
    for (const f of this.flashes) f.age = FLASH_SECONDS;
    this.dirty = true;
  }

  /** Camera distance at which half extents (x, y) fill 90 % of the view at its current aspect. */
  private fitDistance([hx, hy]: [number, number]): number {
    const t = Math.tan((this.camera.fov * Math.PI) / 360);
    return Math.max(hy / t, hx / (t * Math.max(0.1, this.camera.aspect))) / 0.9;
  }

  private clearExtras(): void {
    for (const o of [...this.extras.children]) {
      o.removeFromParent();
      o.traverse((c) => {
        const m = c as THREE.Mesh;
        m.geometry?.dispose();
        const mat = m.material as THREE.Material | THREE.Material[] | undefined;
        if (Array.isArray(mat)) mat.forEach((x) => x.dispose());
        else mat?.dispose();
      });
    }
  }

  /** The world-frame decorations of the current content. */
  get extraObjects(): readonly THREE.Object3D[] {
    return this.extras.children;
  }

  /** The rendered plane's unit normal (world frame), from the plane group's orientation. */
  renderedPlaneNormal(): Vec3 {
    const v = E3.clone().applyQuaternion(this.planeGroup.quaternion);
    return [v.x, v.y, v.z];
  }

  /** The body's three.js meshes (body frame), e.g. to inspect their geometry. */
  get bodyMeshes(): readonly THREE.Mesh[] {
    return this.body?.meshes ?? [];
  }

  /** Settles when the drawn body's meshes are built (an intersection's are built in slices: BodyObject.refined). */
  get bodyRefined(): Promise<void> {
    return this.body?.refined ?? Promise.resolve();
  }

  /** The twins' ghosts in the scene (names ghost-0, ghost-1, …). */
  get ghostObjects(): readonly THREE.Object3D[] {
    return this.ghosts;
  }

  /** Show n translucent ghosts of the body in the twins' colours (0 removes them). */
  setGhostCount(n: number): void {
    this.setGhosts(Array.from({ length: n }, (_, i) => GHOST_COLORS[i % GHOST_COLORS.length] ?? '#888888'));
  }

  private ghostMaterial(color: string): THREE.MeshStandardMaterial {
    let m = this.ghostMaterials.get(color);
    if (!m) {
      m = new THREE.MeshStandardMaterial({ color, transparent: true, opacity: 0.3, depthWrite: false, roughness: 0.6, metalness: 0 });
      this.ghostMaterials.set(color, m);
    }
    return m;
  }

  /** One translucent ghost of the body per colour, in order (companion i is ghost-i); [] removes them. */
  setGhosts(colors: readonly string[]): void {
    if (colors.length === this.ghostColors.length && colors.every((c, i) => c === this.ghostColors[i]) && this.ghosts.length === colors.length) return;
    while (this.ghosts.length > 0) this.ghosts.pop()?.removeFromParent();
    for (const t of this.ghostTrails.splice(0)) {
      t.line.removeFromParent();
      t.line.geometry.dispose();
      (t.line.material as THREE.Material).dispose();
    }
    this.ghostColors = [...colors];
    while (this.ghosts.length < colors.length && this.body) {
      const i = this.ghosts.length;
      const g = new THREE.Group();
      g.name = `ghost-${i}`;
      g.userData['color'] = colors[i];
      const material = this.ghostMaterial(colors[i] ?? '#888888');
      for (const m of this.body.meshes) {
        const copy = new THREE.Mesh(m.geometry, material);
        copy.name = `${m.name}-ghost`;
        copy.position.copy(m.position).multiplyScalar(GHOST_SCALE);
        copy.scale.setScalar(GHOST_SCALE);
        copy.renderOrder = 3 + i;
        g.add(copy);
      }
      g.position.copy(this.bodyRoot.position);
      g.quaternion.copy(this.bodyRoot.quaternion);
      this.scene.add(g);
      this.ghosts.push(g);
      const t = trailLine(1024, `ghost-trail-${i}`);
      this.scene.add(t.line);
      this.ghostTrails.push({ ...t, color: new THREE.Color(colors[i] ?? '#888888'), count: -1, t: NaN });
    }
    this.dirty = true;
  }

  /** Whether each ghost's centre is drawn inside the frame (in the order of setGhosts). */
  ghostsInView(): boolean[] {
    return this.ghosts.map((g) => this.project(g.position)?.inside === true);
  }

  /**
   * Pose ghost i. `coords` pose its parts (the content's pose, e.g. a pendulum's bobs): the body is
   * posed with them for a moment, its parts' transforms are copied to the ghost's, and the body is
   * posed back with its own coordinates.
   */
  setGhostPose(i: number, x: Vec3, q: Quat, coords?: readonly number[]): void {
    const g = this.ghosts[i];
    if (!g) return;
    if (coords && this.posePart && this.body) this.poseGhostParts(g, coords);
    const p = g.position;
    const r = g.quaternion;
    if (p.x === x[0] && p.y === x[1] && p.z === x[2] && r.x === q[0] && r.y === q[1] && r.z === q[2] && r.w === q[3]) {
      return;
    }
    p.set(x[0], x[1], x[2]);
    r.set(q[0], q[1], q[2], q[3]);
    this.dirty = true;
  }

  /**
   * A ghost's parts from its coordinates: the body posed with them for a moment, each part's transform
   * copied to the ghost's copy, and the body posed back with its own. A part that is where the body's
   * own is (a fixed frame, a ball that has not moved apart) is not drawn: it would only tint the body.
   */
  private poseGhostParts(g: THREE.Group, coords: readonly number[]): void {
    const last = g.userData['coords'] as number[] | undefined;
    if (last && last.length === coords.length && coords.every((v, k) => v === last[k])) return;
    const pose = this.posePart;
    const own = this.posedCoords;
    const body = this.body;
    if (!pose || !body || !own) return;
    const ownPositions = body.meshes.map((m) => m.position.clone());
    const ownQuats = body.meshes.map((m) => m.quaternion.clone());
    pose(coords);
    body.meshes.forEach((m, k) => {
      const c = g.children[k];
      if (!c) return;
      c.position.copy(m.position);
      c.quaternion.copy(m.quaternion);
      c.scale.copy(m.scale).multiplyScalar(GHOST_SCALE);
      const p0 = ownPositions[k];
      const q0 = ownQuats[k];
      c.visible = !(p0 && q0 && p0.distanceToSquared(m.position) <= 1e-12 * (1 + p0.lengthSq()) && Math.abs(q0.dot(m.quaternion)) >= 1 - 1e-12);
    });
    pose(own);
    g.userData['coords'] = [...coords];
    this.dirty = true;
  }

  /** Ghost i's fading trail up to the drawn time tNow, ending at its drawn position. */
  updateGhostTrail(i: number, trail: TrailBuffer, tNow: number, xNow: Vec3): void {
    const t = this.ghostTrails[i];
    if (!t) return;
    const n = writeTrail(t.line, t.positions, t.colors, t.color, trail, tNow, xNow);
    const count = n >= 2 ? n : 0;
    // unchanged while paused: no redraw (idle frames are skipped)
    if (count === t.count && tNow === t.t) return;
    t.count = count;
    t.t = tNow;
    const geo = t.line.geometry;
    geo.setDrawRange(0, count);
    (geo.getAttribute('position') as THREE.BufferAttribute).needsUpdate = true;
    (geo.getAttribute('color') as THREE.BufferAttribute).needsUpdate = true;
    this.dirty = true;
  }

  setBodyPose(x: Vec3, q: Quat, coords?: readonly number[]): void {
    if (coords && this.posePart) {
      const last = this.posedCoords;
      if (!last || last.length !== coords.length || coords.some((v, i) => v !== last[i])) {
        this.posePart(coords);
        this.posedCoords = [...coords];
        this.dirty = true;
      }
    }
    const p = this.bodyRoot.position;
    const r = this.bodyRoot.quaternion;
    if (p.x === x[0] && p.y === x[1] && p.z === x[2] && r.x === q[0] && r.y === q[1] && r.z === q[2] && r.w === q[3]) {
      return;
    }
    p.set(x[0], x[1], x[2]);
    r.set(q[0], q[1], q[2], q[3]);
    this.dirty = true;
  }

  /**
   * Where a world point is drawn: CSS pixels from the canvas's top-left corner, or null when it is
   * behind the camera. `inside` says whether it is within the drawn frame.
   */
  project(p: Vec3 | THREE.Vector3): { x: number; y: number; inside: boolean } | null {
    const v = Array.isArray(p) ? new THREE.Vector3(p[0], p[1], p[2]) : (p as THREE.Vector3).clone();
    v.project(this.camera);
    if (!(v.z < 1) || !Number.isFinite(v.x) || !Number.isFinite(v.y)) return null;
    const w = this.canvas.clientWidth;
    const h = this.canvas.clientHeight;
    return {
      x: ((v.x + 1) / 2) * w,
      y: ((1 - v.y) / 2) * h,
      inside: Math.abs(v.x) <= 1 && Math.abs(v.y) <= 1,
    };
  }

  /** The body's centre as drawn (see project). */
  projectBody(): { x: number; y: number; inside: boolean } | null {
    return this.project(this.bodyRoot.position);
  }

  /** Whether the camera can follow the current content's body (false: its target is fixed, FamilyView.fixedCamera). */
  get followable(): boolean {
    return this.fixedTarget === null;
  }

  /** Whether the camera follows the body now: the user's choice where the content allows it. */
  get following(): boolean {
    return this.follow && this.followable;
  }

  /** Snap the camera target onto the body, or onto the content's fixed target (after a restart). */
  recentre(): void {
    const want = this.followTarget(this.bodyRoot.position);
    const d = want.sub(this.controls.target);
    this.controls.target.add(d);
    this.camera.position.add(d);
    this.dirty = true;
  }

  private followTarget(x: THREE.Vector3): THREE.Vector3 {
    if (this.fixedTarget) return this.fixedTarget.clone();
    // Follow the body's foot point on the plane, a little above it, so bounces stay visible.
    const foot = x.clone().addScaledVector(this.normal, -this.normal.dot(x));
    return foot.addScaledVector(this.normal, this.followHeight);
  }

  /** Fading polyline of the centre of mass up to the drawn time tNow, ending at the drawn position. */
  updateTrail(trail: TrailBuffer, tNow: number, xNow: Vec3): void {
    const n = writeTrail(this.trailLine, this.trailPositions, this.trailColors, TRAIL_COLOR, trail, tNow, xNow);
    const geo = this.trailLine.geometry;
    const count = n >= 2 ? n : 0;
    if (count === this.trailCount && tNow === this.trailTime) return;
    this.trailCount = count;
    this.trailTime = tNow;
    this.dirty = true;
    geo.setDrawRange(0, count);
    (geo.getAttribute('position') as THREE.BufferAttribute).needsUpdate = true;
    (geo.getAttribute('color') as THREE.BufferAttribute).needsUpdate = true;
  }

  /** What the pointer can drag in the current content (null: nothing). */
  get drag(): DragSpec | null {
    return this.dragSpec;
  }

  /** Where the current content marks an impact (world frame). */
  impactWorldPoint(imp: Impact): Vec3 {
    return this.impactPointOf ? this.impactPointOf(imp) : imp.point;
  }

  /** A red ring and dot at an impact point (inertial frame) that expand and fade. */
  flashImpact(point: Vec3): void {
    let f = this.flashes.find((k) => k.age >= FLASH_SECONDS);
    if (!f) {
      if (this.flashes.length >= 24) return;
      const ring = new THREE.Mesh(
        this.flashRingGeo,
        new THREE.MeshBasicMaterial({ color: FLASH_COLOR, transparent: true, side: THREE.DoubleSide, depthWrite: false }),
      );
      const dot = new THREE.Mesh(
        this.flashDotGeo,
        new THREE.MeshBasicMaterial({ color: FLASH_COLOR, transparent: true, depthWrite: false }),
      );
      ring.name = 'impact-ring';
      dot.name = 'impact-dot';
      ring.renderOrder = 2;
      dot.renderOrder = 2;
      this.scene.add(ring, dot);
      f = { ring, dot, age: 0 };
      this.flashes.push(f);
    }
    f.age = 0;
    const p = new THREE.Vector3(...point);
    f.ring.position.copy(p).addScaledVector(this.flashNormal, 0.02 * this.effectScale);
    f.ring.quaternion.setFromUnitVectors(E3, this.flashNormal);
    f.dot.position.copy(p);
    this.updateFlash(f);
    this.dirty = true;
  }

  /** Number of impact flashes currently visible. */
  get visibleFlashes(): number {
    return this.flashes.filter((f) => f.age < FLASH_SECONDS).length;
  }

  private updateFlash(f: Flash): void {
    const u = Math.min(1, f.age / FLASH_SECONDS);
    const visible = u < 1;
    f.ring.visible = visible;
    f.dot.visible = visible;
    const s = 0.35 + 2.2 * (1 - (1 - u) ** 3);
    f.ring.scale.setScalar(s * this.effectScale);
    f.ring.material.opacity = 0.9 * (1 - u);
    f.dot.scale.setScalar((1 + 0.6 * (1 - u)) * this.effectScale);
    f.dot.material.opacity = 1 - u * u;
  }

  clearEffects(): void {
    for (const f of this.flashes) {
      f.age = FLASH_SECONDS;
      this.updateFlash(f);
    }
    this.trailLine.geometry.setDrawRange(0, 0);
    this.trailCount = 0;
    this.trailTime = NaN;
    this.dirty = true;
  }

  /** The view's size in CSS pixels (at least 1 × 1). */
  private cssSize(): [number, number] {
    return [Math.max(1, this.container.clientWidth), Math.max(1, this.container.clientHeight)];
  }

  resize(): void {
    const [w, h] = this.cssSize();
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.dirty = true;
  }

  /**
   * Draw a frame if anything changed; wallDt (seconds) drives camera damping, following and flash
   * animation. Returns whether a frame was drawn.
   */
  render(wallDt: number): boolean {
    if (this.disposed) return false;
    const x = this.bodyRoot.position;
    if (this.following) {
      const want = this.followTarget(x);
      const gap = want.sub(this.controls.target);
      if (gap.lengthSq() > 1e-8) {
        // Eased for a bounce, but never farther behind than a fraction of the view's half-height: a
        // body that keeps speeding up (the slide: 3·10⁴ m/s after 10⁴ s) stays in the frame.
        const move = gap.clone().multiplyScalar(1 - Math.exp(-4 * wallDt));
        const rest = gap.sub(move);
        const halfHeight = this.camera.position.distanceTo(this.controls.target) * Math.tan((this.camera.fov * Math.PI) / 360);
        const maxLag = FOLLOW_MAX_LAG * halfHeight;
        const lag = rest.length();
        if (lag > maxLag) move.addScaledVector(rest, 1 - maxLag / lag);
        this.controls.target.add(move);
        this.camera.position.add(move);
        this.dirty = true;
      }
    }
    if (this.controls.update(wallDt)) this.dirty = true;
    const flashing = this.flashes.some((f) => f.age < FLASH_SECONDS);
    if (!this.dirty && !flashing) return false;
    this.dirty = false;

    // Keep the (finite) plane and the grid under the body: snap them in plane coordinates.
    const inv = this.planeGroup.quaternion.clone().invert();
    const local = x.clone().applyQuaternion(inv);
    const snap = (v: number): number => Math.round(v / GRID_MAJOR) * GRID_MAJOR;
    this.grid.position.set(snap(local.x), snap(local.y), this.grid.position.z);
    this.planeMesh.position.set(snap(local.x), snap(local.y), 0);

    const near = Math.max(Math.abs(x.x), Math.abs(x.y), Math.abs(x.z)) < SHADOW_RANGE;
    if (this.sun.castShadow !== near) this.sun.castShadow = near;
    // Sun above and to the side of the body, shadows cast along the light direction.
    this.sun.target.position.copy(x).addScaledVector(this.normal, -this.normal.dot(x));
    this.sun.position.copy(this.sun.target.position).add(new THREE.Vector3(14, -10, 40));
    this.sun.target.updateMatrixWorld();
    this.sky.position.copy(this.camera.position);

    for (const f of this.flashes) {
      if (f.age < FLASH_SECONDS) {
        f.age += wallDt;
        this.updateFlash(f);
      }
    }
    this.renderer.render(this.scene, this.camera);
    this.drawn += 1;
    return true;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.resizeObserver?.disconnect();
    this.controls.removeEventListener('change', this.markDirty);
    this.controls.dispose();
    this.setGhosts([]);
    for (const m of this.ghostMaterials.values()) m.dispose();
    this.body?.dispose();
    this.body = null;
    this.posePart = null;
    this.dragSpec = null;
    this.clearExtras();
    this.bodyMaterial.dispose();
    this.planeMesh.geometry.dispose();
    this.planeMesh.material.dispose();
    this.grid.geometry.dispose();
    (this.grid.material as THREE.Material).dispose();
    this.trailLine.geometry.dispose();
    (this.trailLine.material as THREE.Material).dispose();
    this.sky.geometry.dispose();
    (this.sky.material as THREE.Material).dispose();
    for (const f of this.flashes) {
      f.ring.material.dispose();
      f.dot.material.dispose();
    }
    this.flashRingGeo.dispose();
    this.flashDotGeo.dispose();
    this.sun.shadow.map?.dispose();
    this.scene.clear();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.canvas.remove();
  }
}
