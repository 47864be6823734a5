// The page's family registry: the families' page parts, found in the family packages
// (families/<package>/web/index.ts, each exporting its `familyPackage`) by import.meta.glob, so that
// no file of web/src names a family. Each family is keyed by the core's family name (FamilyInfo.name,
// HybridSimulation.family()) and has its reader, its view, its controls and the words for its presets
// (app/family-parts.ts). What a family can do (twins, ensemble, baselines, plots, contact phase, …)
// and which presets it has come from the core (families(), sim.capabilities()), never from here.
// Adding a family = its package folder (docs/architecture.md "The page's family registry").
import type { PageCase } from '../controls/controller-port';
import type { ExtraSupport } from '../config/url-codec';
import type { Capabilities, FamilyInfo, Perturbation } from '../engine/lgvci_wasm';
import type { FamilyResolver, FamilyTable, ModelFamily } from '../model/family';
import type { FamilyTwins } from '../model/twins';
import { DEFAULT_TWIN_COUNT, maxTwinSize, perturbationText } from '../model/twins';
import { t } from '../i18n';
import { decodeCase, genericTwinKey, queryEntries } from '../config/url-codec';
import type { FamilyPlotCard, PlotRegistry } from '../view/family-plots';
import { isOwnPlot } from '../view/family-plots';
import type { FamilyPackage, FamilyParts, FirstFrameStart } from './family-parts';

export type { FamilyParts } from './family-parts';

/** Every family package's `familyPackage`, by its index file (the build finds them: discovery, not a list). */
const PACKAGES = import.meta.glob<FamilyPackage>('../../../families/*/web/index.ts', { eager: true, import: 'familyPackage' });

/** The packages by their folder's name (families/<name>), in their declared order. */
const BY_FOLDER: readonly (readonly [string, FamilyPackage])[] = Object.entries(PACKAGES)
  .map(([path, p]) => [/families\/([^/]+)\/web\/index\.ts$/.exec(path)?.[1] ?? path, p] as const)
  .sort((a, b) => a[1].order - b[1].order);

/** The packages' families, package by package in their declared order. */
export const FAMILIES: readonly FamilyParts[] = BY_FOLDER.flatMap(([, p]) => p.families);

/** The packages' stored starts (the first frame before the engine), package by package. */
export const FIRST_FRAMES: readonly FirstFrameStart[] = BY_FOLDER.flatMap(([, p]) => p.firstFrames);

/** The folder of the package that holds a family (families/<folder>), by the core's family name. */
export function packageFolder(familyName: string): string {
  const found = BY_FOLDER.find(([, p]) => p.families.some((f) => f.name === familyName));
  if (!found) throw new Error(`no family package holds the core's family ${JSON.stringify(familyName)}`);
  return found[0];
}

export function familyParts(name: string): FamilyParts {
  const f = FAMILIES.find((p) => p.name === name);
  if (!f) throw new Error(`the page has no parts for the core's family ${JSON.stringify(name)} (app/families.ts)`);
  return f;
}

/** A resolver over FAMILIES with one reader per family and record layout. */
export function familyResolver(parts: readonly FamilyParts[] = FAMILIES): FamilyResolver {
  const cache = new Map<string, ModelFamily>();
  return (familyName, layout) => {
    const key = `${familyName}#${layout.key()}`;
    let f = cache.get(key);
    if (!f) {
      const p = parts.find((q) => q.name === familyName);
      if (!p) throw new Error(`unknown model family "${familyName}"`);
      cache.set(key, (f = p.model(layout)));
    }
    return f;
  };
}

/**
 * The family table the app gives the model (SimulationModel's constructor): the readers and the
 * families' titles, so that web/src/model never imports this file.
 */
export function familyTable(parts: readonly FamilyParts[] = FAMILIES): FamilyTable {
  return {
    resolve: familyResolver(parts),
    withCapability: (core, has) => familiesWith(core, has, parts),
    rapier: (name) => parts.find((p) => p.name === name)?.rapier,
    twins: (name) => parts.find((p) => p.name === name)?.twins,
  };
}

/** What a family's package says of its twins (FamilyParts.twins: its words, sizes and keys), if anything. */
export function twinsOf(familyName: string, parts: readonly FamilyParts[] = FAMILIES): FamilyTwins | undefined {
  return parts.find((p) => p.name === familyName)?.twins;
}

/** The address key of a perturbation's size: its package's (FamilyTwins.urlKeys), else d_<name>. */
export function twinSizeKey(familyName: string, kind: string, parts: readonly FamilyParts[] = FAMILIES): string {
  return twinsOf(familyName, parts)?.urlKeys?.[kind] ?? genericTwinKey(kind);
}

/** One preset of the page: the core's name (a config's "case") and family name, the registry's words. */
export type CaseInfo = PageCase;

/** What the page needs of the core's registry (LgvciModule.families()). */
export type CoreFamilies = readonly Pick<FamilyInfo, 'name' | 'presets'>[];

/**
 * The page's presets: the core's, family by family in the core's order, with the registry's words.
 * A family the page has no parts for, or a preset without words, is left out (a test holds the two
 * lists equal: tests/web/unit/page-registry.test.ts).
 */
export function pageCases(core: CoreFamilies, parts: readonly FamilyParts[] = FAMILIES): CaseInfo[] {
  const out: CaseInfo[] = [];
  for (const f of core) {
    const p = parts.find((q) => q.name === f.name);
    if (!p) continue;
    for (const { name } of f.presets) {
      const text = Object.prototype.hasOwnProperty.call(p.cases, name) ? p.cases[name] : undefined;
      if (text) out.push({ name, family: f.name, ...text });
    }
  }
  return out;
}

/**
 * The presets the registry has words for, in registry order (what the page offers before the engine
 * is loaded; the same list as the core's, tests/web/unit/page-registry.test.ts).
 */
export function registryCases(parts: readonly FamilyParts[] = FAMILIES): CaseInfo[] {
  return pageCases(
    parts.map((p) => ({ name: p.name, presets: Object.keys(p.cases).map((name) => ({ name, json: '' })) })),
    parts,
  );
}

/** The families (their titles, FamilyControls.title) with a capability, in a sentence: "a, b or c". */
export function familiesWith(
  core: readonly Pick<FamilyInfo, 'name' | 'capabilities'>[],
  has: (c: Capabilities) => boolean,
  parts: readonly FamilyParts[] = FAMILIES,
): string {
  const titles = core.filter((f) => has(f.capabilities)).flatMap((f) => {
    const p = parts.find((q) => q.name === f.name);
    return p ? [p.controls.title] : [];
  });
  if (titles.length === 0) return t('model.noModel');
  return titles.length === 1 ? (titles[0] ?? '') : t('list.or', { rest: titles.slice(0, -1).join(t('list.comma')), last: titles[titles.length - 1] ?? '' });
}

/** The long run's hint, with the note of the first family that words its paper's long-term test (FamilyPageWords). */
export function longRunHint(parts: readonly FamilyParts[] = FAMILIES): string {
  return t('long.hint', { paper: parts.find((p) => p.words?.longRunPaper)?.words?.longRunPaper?.() ?? '' });
}

/** The ensemble's hint, naming the set-up as the running family words it (FamilyPageWords.ensembleSetUp; else "the current set-up"). */
export function ensembleHint(familyName: string, parts: readonly FamilyParts[] = FAMILIES): string {
  return t('ensemble.hint', { setUp: parts.find((p) => p.name === familyName)?.words?.ensembleSetUp?.() ?? t('ensemble.setUp') });
}

/** The ensemble's kind menu for a family's perturbations: each by name, in its package's words (PerturbationWords.member) or the page's. */
export function ensembleKinds(familyName: string, perturbations: readonly Perturbation[], parts: readonly FamilyParts[] = FAMILIES): { value: string; label: string }[] {
  const twins = twinsOf(familyName, parts);
  return perturbations.map((p) => ({ value: p.name, label: perturbationText(p, twins).member }));
}

/**
 * The families' plot declarations (FamilyParts.plots) for the plots' view: a family's by its name, and
 * the cards the packages draw themselves by plot name (the first package's for a name two declare).
 */
export function familyPlots(parts: readonly FamilyParts[] = FAMILIES): PlotRegistry {
  const own: Record<string, (idPrefix: string) => FamilyPlotCard> = {};
  for (const p of parts) for (const [plot, d] of Object.entries(p.plots)) if (isOwnPlot(d)) own[plot] ??= d.own;
  return { of: (name) => parts.find((p) => p.name === name)?.plots ?? {}, own };
}

/**
 * The preset named in a query string (?case=…, any letter case), else the first preset
 * (url-codec's decodeCase). `cases`: the page's presets (pageCases of the core's), by default the
 * registry's.
 */
export function caseFromQuery(search: string, cases: readonly Pick<CaseInfo, 'name'>[] = registryCases()): string {
  const { entries } = queryEntries(search);
  const names = cases.map((c) => c.name);
  return decodeCase(entries, names, names[0] ?? '').caseName;
}

/**
 * Which extra address keys a family has: its twins' sizes (one per perturbation of the running
 * simulation, `perturbations`) and the set-up button.
 */
export function extraSupport(familyName: string, perturbations: readonly Perturbation[], defaultKinds: readonly string[] = perturbations.slice(0, DEFAULT_TWIN_COUNT).map((p) => p.name)): ExtraSupport {
  // The running family's own set-up (its address key), else the first family's that has one.
  const running = FAMILIES.find((p) => p.name === familyName);
  const withSetUp = running?.controls.setUp ? running : FAMILIES.find((p) => p.controls.setUp !== undefined);
  const setUp = withSetUp?.controls.setUp;
  const twins = twinsOf(familyName);
  return {
    twinKeys: perturbations.map((p) => ({ key: twinSizeKey(familyName, p.name), kind: p.name, symbol: perturbationText(p, twins).short, max: maxTwinSize(p.op) })),
    defaultTwinKinds: defaultKinds,
    setUp:
      withSetUp && setUp
        ? {
            key: setUp.urlKey,
            label: setUp.label,
            here: withSetUp === running,
            owner: `${withSetUp.controls.title} (${setUp.presetWords})`,
          }
        : null,
  };
}

/**
 * Where the registry and the core disagree, one sentence each ([] when they agree): a core family
 * without page parts, page parts of a family the core lacks, a core preset without words, words for
 * a preset the core lacks, a set-up button on a preset its family lacks, a family with shapes whose
 * package sets up no Rapier run, a plot of the core's
 * capabilities its package does not declare, or a part whose id is not the family's name. The page leaves out what it cannot show; tests/web/unit/page-registry.test.ts
 * holds this list empty.
 */
export function registryProblems(core: readonly Pick<FamilyInfo, 'name' | 'presets' | 'capabilities'>[], parts: readonly FamilyParts[] = FAMILIES): string[] {
  const out: string[] = [];
  for (const f of core) if (!parts.some((p) => p.name === f.name)) out.push(`the core's family "${f.name}" has no page parts`);
  for (const p of parts) {
    const f = core.find((c) => c.name === p.name);
    if (!f) {
      out.push(`the page's family "${p.name}" is not one of the core's`);
      continue;
    }
    const presets = f.presets.map((q) => q.name);
    for (const name of presets) if (!Object.prototype.hasOwnProperty.call(p.cases, name)) out.push(`${p.name}: the core's preset "${name}" has no words`);
    for (const name of Object.keys(p.cases)) if (!presets.includes(name)) out.push(`${p.name}: words for "${name}", which the core does not have`);
    const setUp = p.controls.setUp;
    if (setUp && !presets.includes(setUp.preset)) out.push(`${p.name}: its set-up starts from "${setUp.preset}", not one of its presets`);
    if (f.capabilities.shapes && !p.rapier) out.push(`${p.name}: its bodies have shapes but its package sets up no Rapier run`);
    for (const plot of f.capabilities.plots) if (!Object.prototype.hasOwnProperty.call(p.plots, plot)) out.push(`${p.name}: its plot "${plot}" is not declared by its package`);
    for (const [what, id] of [['controls', p.controls.id], ['view', p.view.id]] as const) {
      if (id !== p.name) out.push(`${p.name}: its ${what} are registered as "${id}"`);
    }
  }
  return out;
}
