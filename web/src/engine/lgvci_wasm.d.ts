// The embind module's declarations live beside the bindings (cpp/wasm/lgvci_wasm.d.ts), the one
// hand-written copy that `tsc` checks against every use in web/.
export * from '../../../cpp/wasm/lgvci_wasm';
export { default } from '../../../cpp/wasm/lgvci_wasm';
