// "Customise for class…" in the share dialog opens the teacher's link builder
// (controls/class-builder.ts, docs/course-material.md "Customise for class"), whose code is imported
// on first use (class-open.ts): the page's first load does not carry it.
import type { ClassBuilder } from '../controls/class-builder';
import type { ClassParts } from './class-open';

export interface ClassBuilderWiring {
  /** The builder once it has been opened (null before). */
  readonly builder: ClassBuilder | null;
  /** Load the builder's code if needed and open it with the page's current state. */
  open(): Promise<ClassBuilder>;
  destroy(): void;
}

/** The locks' code (class-lock.ts), loaded only for an address that locks or hides controls. */
export function loadClassLock(): Promise<typeof import('./class-lock')> {
  return import('./class-lock');
}

export function wireClassBuilder(root: HTMLElement, prefix: string, parts: ClassParts): ClassBuilderWiring {
  let builder: ClassBuilder | null = null;
  let loading: Promise<ClassBuilder> | null = null;
  let destroyed = false;
  const wiring: ClassBuilderWiring = {
    get builder() {
      return builder;
    },
    async open() {
      loading ??= import('./class-open').then((m) => {
        const b = m.createClassBuilder(prefix, parts);
        if (destroyed) b.destroy();
        else root.append(b.element);
        return (builder = b);
      });
      const b = await loading;
      if (!destroyed) b.open();
      return b;
    },
    destroy() {
      destroyed = true;
      builder?.destroy();
    },
  };
  const share = parts.chrome.share;
  share.setCustomise(() => {
    // The share dialog closes first, so that closing the builder gives the focus back to the page.
    share.dialog.close();
    wiring.open().catch((e: unknown) => console.error(e));
  });
  return wiring;
}
