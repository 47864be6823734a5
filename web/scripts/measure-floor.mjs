// The floor under the page's first frame on this machine: how long headless Chromium takes to show a
// page that does nothing but draw one three.js frame, with the page's renderer settings (WebGL 2,
// antialias, PCF shadows from a 2048² map, a hemisphere and a directional light, sRGB output) and the
// canvas size the page's view has. Three pages, from less to more:
//   clear   the renderer made and one clear drawn (no scene object, no shader but three's own);
//   lit     a MeshStandardMaterial cube on a MeshStandardMaterial plane, both lit, no shadow;
//   shadow  the same with the cube casting a shadow on the plane (the page's first frame has one).
// Each page is built by Vite into a temporary directory from the repository's three.js, served by a
// static server, and loaded RUNS times cold (a new page each, default 9); per page the median first
// frame (performance mark lgvci:first-frame, set after renderer.render as the app does) and first
// frame presented (presented.mjs: the next animation frame after that mark). docs/benchmarks.md quotes them beside the page's own.
//
// Usage: node web/scripts/measure-floor.mjs [--size 966x502] [--json]
//        (the size is the page's canvas in CSS pixels; web/scripts/measure.mjs --json reports it)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { build } from 'vite';
import { PRESENTED_MARK, presentedInitScript } from './presented.mjs';
import { CHROMIUM, serveDir } from './static-server.mjs';

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const sizeArg = argv[argv.indexOf('--size') + 1];
const [cssW, cssH] = (argv.includes('--size') ? sizeArg : '966x502').split('x').map(Number);
if (!(cssW >= 1 && cssH >= 1 && Number.isInteger(cssW) && Number.isInteger(cssH))) {
  console.error(`--size: WIDTHxHEIGHT in whole CSS pixels, e.g. 966x502 (got ${sizeArg})`);
  process.exit(2);
}
const RUNS = Number(process.env.RUNS ?? 9);
const log = json ? () => undefined : (line) => console.log(line);
const root = fileURLToPath(new URL('../..', import.meta.url));

const PAGES = ['clear', 'lit', 'shadow'];
const html = `<!doctype html><html><head><meta charset="utf-8"><title>three.js floor</title>
<style>html,body{margin:0}#view{width:${cssW}px;height:${cssH}px}</style></head>
<body><div id="view"></div><script type="module" src="./main.js"></script></body></html>`;
// The page's SceneView settings (web/src/view/scene-view.ts), without its scene.
const main = `import * as THREE from 'three';
const kind = new URLSearchParams(location.search).get('page');
const view = document.getElementById('view');
const canvas = document.createElement('canvas');
canvas.width = view.clientWidth;
canvas.height = view.clientHeight;
const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, powerPreference: 'high-performance' });
renderer.setPixelRatio(1);
renderer.setSize(view.clientWidth, view.clientHeight, false);
renderer.setClearColor('#eef2f7', 1);
renderer.shadowMap.enabled = kind === 'shadow';
renderer.shadowMap.type = THREE.PCFShadowMap;
renderer.outputColorSpace = THREE.SRGBColorSpace;
view.append(canvas);
const scene = new THREE.Scene();
const camera = new THREE.PerspectiveCamera(38, view.clientWidth / view.clientHeight, 0.1, 3000);
camera.up.set(0, 0, 1);
camera.position.set(27, -32, 15);
camera.lookAt(0, 0, 3);
if (kind !== 'clear') {
  scene.add(new THREE.HemisphereLight('#ffffff', '#aab6c6', 1.6));
  const sun = new THREE.DirectionalLight('#fff6e8', 2.4);
  sun.position.set(14, -10, 40);
  sun.castShadow = kind === 'shadow';
  sun.shadow.mapSize.set(2048, 2048);
  scene.add(sun, sun.target);
  const plane = new THREE.Mesh(new THREE.PlaneGeometry(200, 200), new THREE.MeshStandardMaterial({ color: '#f4f6f9', roughness: 0.95 }));
  plane.receiveShadow = true;
  const cube = new THREE.Mesh(new THREE.BoxGeometry(4, 4, 4), new THREE.MeshStandardMaterial({ color: '#d9822b', roughness: 0.5 }));
  cube.position.z = 6;
  cube.castShadow = true;
  scene.add(plane, cube);
}
requestAnimationFrame(() => {
  renderer.render(scene, camera);
  performance.mark('lgvci:first-frame');
});
`;

const dir = mkdtempSync(join(tmpdir(), 'lgvci-floor-'));
const out = join(dir, 'dist');
try {
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'main.js'), main);
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    base: './',
    resolve: { alias: { three: join(root, 'node_modules/three/build/three.module.js') } },
    build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 4096 },
  });
  const { server, base } = await serveDir(out);
  const load = loadavg().map((x) => Number(x.toFixed(2)));
  const browser = await chromium.launch(CHROMIUM);
  const times = Object.fromEntries(PAGES.map((p) => [p, { firstFrame: [], presented: [] }]));
  // Interleaved (clear, lit, shadow, clear, …): a change of the machine's load falls on all three.
  for (let i = 0; i < RUNS; i++) {
    for (const p of PAGES) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.addInitScript(presentedInitScript());
      await page.goto(`${base}?page=${p}`);
      await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, PRESENTED_MARK, { timeout: 60000 });
      const t = await page.evaluate((m) => ['lgvci:first-frame', m].map((n) => performance.getEntriesByName(n)[0].startTime), PRESENTED_MARK);
      times[p].firstFrame.push(t[0]);
      times[p].presented.push(t[1]);
      await page.close();
    }
  }
  await browser.close();
  server.close();
  const median = (v) => {
    const s = [...v].sort((a, b) => a - b);
    return Math.round(s[Math.ceil(0.5 * s.length) - 1]);
  };
  const result = Object.fromEntries(PAGES.map((p) => [p, { firstFrameMs: median(times[p].firstFrame), presentedMs: median(times[p].presented) }]));
  for (const p of PAGES) log(`${p.padEnd(7)} first frame ${result[p].firstFrameMs} ms, presented ${result[p].presentedMs} ms (medians of ${RUNS}, canvas ${cssW}×${cssH})`);
  log(`load average at the start: ${load.join(', ')}`);
  if (json) console.log(JSON.stringify({ ...result, canvas: { width: cssW, height: cssH }, runs: RUNS, load }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
