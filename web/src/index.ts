// Public entry for embedding the simulator in another page: `mountApp(element)`.
export { mountApp, FIRST_FRAME_MARK, ENGINE_READY_MARK, APP_READY_MARK, FIRST_STEP_MARK } from './app/app';
export type { App, MountOptions } from './app/app';
