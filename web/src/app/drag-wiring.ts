// What a pointer drag in the 3-D view does (view/pointer-drag.ts): the content's DragSpec turns the
// pointer's point into control values (SceneContent.drag.fieldsAt: a dragged part's fields), which go through the
// controller exactly as typed values do (the same checks; the fields show the new values). The run
// pauses while a target is held, restarts from the new set-up at every move that changes a value, and
// plays on at the release if it was playing.
import type { FieldSpec } from '../config/fields';
import { validateFieldInput } from '../config/validation';
import type { AppParams } from '../controls/controller-port';
import { PointerDrag } from '../view/pointer-drag';
import type { SceneView } from '../view/scene-view';
import type { Controller } from './controller';

export interface DragRunPort {
  readonly playing: boolean;
  play(): void;
  pause(): void;
}

/** The parameters with the dragged values written in (null when a value is not valid for its field). */
export function paramsWithValues(fields: readonly FieldSpec<AppParams>[], params: AppParams, values: Record<string, number>): AppParams | null {
  let p = params;
  for (const [id, v] of Object.entries(values)) {
    const spec = fields.find((f) => f.id === id);
    if (!spec) return null;
    const r = validateFieldInput(spec, v);
    if (!r.ok) return null;
    p = spec.write(p, r.value);
  }
  return p;
}

export function wireDrag(view: SceneView, controller: Controller, run: DragRunPort): PointerDrag {
  let resume = false;
  return new PointerDrag(view, {
    start() {
      resume = run.playing;
      run.pause();
      return true;
    },
    move(index, point) {
      const spec = view.drag;
      if (!spec) return;
      const next = paramsWithValues(controller.family.fields as readonly FieldSpec<AppParams>[], controller.params, spec.fieldsAt(index, point));
      if (!next || JSON.stringify(next) === JSON.stringify(controller.params)) return;
      controller.applyParams(next); // a refusal keeps the last valid set-up (the next move tries again)
    },
    end() {
      if (resume) run.play();
      resume = false;
    },
  });
}
