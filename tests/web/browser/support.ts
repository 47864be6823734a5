// Shared set-up of the browser tests: collect console errors, window errors and unhandled rejections
// (each test ends by expecting none), find a field's text input or a HUD value, and type into a field
// the way a person does.
import { vi } from 'vitest';
import { userEvent } from 'vitest/browser';

export interface ErrorCapture {
  readonly errors: string[];
  stop(): void;
}

export function captureErrors(): ErrorCapture {
  const errors: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
  });
  const onWindowError = (e: ErrorEvent): void => {
    errors.push(`window error: ${e.message}`);
  };
  const onRejection = (e: PromiseRejectionEvent): void => {
    errors.push(`unhandled rejection: ${String(e.reason)}`);
  };
  window.addEventListener('error', onWindowError);
  window.addEventListener('unhandledrejection', onRejection);
  return {
    errors,
    stop() {
      window.removeEventListener('error', onWindowError);
      window.removeEventListener('unhandledrejection', onRejection);
      spy.mockRestore();
    },
  };
}

export async function typeInto(input: HTMLInputElement, text: string): Promise<void> {
  await userEvent.fill(input, text);
  await userEvent.keyboard('{Enter}');
}

/** The text input of the control `data-field="id"` inside `host`; throws when there is none. */
export function textField(host: HTMLElement, id: string): HTMLInputElement {
  const el = host.querySelector<HTMLInputElement>(`[data-field="${id}"] input[type="text"]`);
  if (!el) throw new Error(`no text input for ${id}`);
  return el;
}

/** The text of the HUD value `data-hud="name"` inside `host` ('' when absent). */
export function hudText(host: HTMLElement, name: string): string {
  return host.querySelector(`[data-hud="${name}"]`)?.textContent ?? '';
}
