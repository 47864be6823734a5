// The embind module's declarations live beside the bindings (cpp/wasm/lgvci_wasm.d.ts), generated from
// the one declaration of the module's surface (cpp/api/wasm.hpp, docs/architecture.md "The bindings: one
// declaration"); `tsc` checks every use in web/ against them.
export * from '../../../cpp/wasm/lgvci_wasm';
export { default } from '../../../cpp/wasm/lgvci_wasm';
