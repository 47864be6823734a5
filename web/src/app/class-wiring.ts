// "Customise for class…" in the share dialog opens the teacher's link builder
// (controls/class-builder.ts, docs/course-material.md "Customise for class"), whose module is imported
// on first use: the page's first load does not carry it.
import type { ClassBuilder, ClassBuilderSource } from '../controls/class-builder';
import type { ShareDialog } from '../controls/share-dialog';

export interface ClassBuilderWiring {
  /** The builder once it has been opened (null before). */
  readonly builder: ClassBuilder | null;
  /** Load the builder's module if needed and open it with the page's current state. */
  open(): Promise<ClassBuilder>;
  destroy(): void;
}

export function wireClassBuilder(root: HTMLElement, prefix: string, share: ShareDialog, source: ClassBuilderSource): ClassBuilderWiring {
  let builder: ClassBuilder | null = null;
  let loading: Promise<ClassBuilder> | null = null;
  let destroyed = false;
  const wiring: ClassBuilderWiring = {
    get builder() {
      return builder;
    },
    async open() {
      loading ??= import('../controls/class-builder').then((m) => {
        const b = new m.ClassBuilder(prefix, source);
        if (destroyed) b.destroy();
        else root.append(b.element);
        builder = b;
        return b;
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
  share.setCustomise(() => {
    // The share dialog closes first, so that closing the builder gives the focus back to the page.
    share.dialog.close();
    wiring.open().catch((e: unknown) => console.error(e));
  });
  return wiring;
}
