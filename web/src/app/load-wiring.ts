// Loading a set-up (docs/page.md "Loading a set-up"): the panel's "Load a set-up" group
// (controls/load-controls.ts) and a .json file dropped on the simulator both go to
// Controller.loadSetup, which has the core check the text and restarts the run from it; the address
// then carries it (url-state.ts, `setup=` when the preset and the fields cannot say it).
import { LOAD_STRINGS, LoadControls } from '../controls/load-controls';
import type { ControlPanel } from '../controls/panel';
import type { Controller } from './controller';

export interface LoadWiring {
  readonly controls: LoadControls;
  destroy(): void;
}

/** Whether a dragged or dropped item list holds files. */
function hasFiles(dt: DataTransfer | null): boolean {
  return !!dt && Array.from(dt.types).includes('Files');
}

/** Whether a file looks like JSON by its name or type. */
export function isJsonFile(f: { name: string; type: string }): boolean {
  return /\.json$/i.test(f.name) || f.type === 'application/json';
}

export function wireLoad(root: HTMLElement, panel: ControlPanel, controller: Controller, prefix: string): LoadWiring {
  let loading = false;
  const controls = new LoadControls(
    {
      load(text) {
        loading = true;
        try {
          return controller.loadSetup(text);
        } finally {
          loading = false;
        }
      },
    },
    prefix,
  );
  panel.insertSection(controls.element);
  // Another control's restart makes the last load's message stale.
  const off = controller.onChange((_p, restarted) => {
    if (restarted && !loading) controls.clear();
  });
  const onDragOver = (e: DragEvent): void => {
    if (!hasFiles(e.dataTransfer)) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (e: DragEvent): void => {
    if (!hasFiles(e.dataTransfer)) return;
    e.preventDefault();
    const file = e.dataTransfer?.files[0];
    if (!file) return;
    if (!isJsonFile(file)) controls.show({ ok: false, message: LOAD_STRINGS.dropNotJson }, controls.fileInput);
    else void controls.loadFile(file);
  };
  root.addEventListener('dragover', onDragOver);
  root.addEventListener('drop', onDrop);
  return {
    controls,
    destroy() {
      off();
      root.removeEventListener('dragover', onDragOver);
      root.removeEventListener('drop', onDrop);
      controls.destroy();
    },
  };
}
