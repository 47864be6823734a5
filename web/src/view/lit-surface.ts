// Lit surfaces share one shader program: three.js compiles a program per material kind and feature set,
// and the body's checker needs vertex colours, so every opaque lit surface is a MeshStandardMaterial
// with vertex colours; a plain one has white vertex colours and its colour in the material (the same
// pixels). The first frame links one program fewer per plain surface kind (docs/page.md "First load").
import * as THREE from 'three';

/** A lit material in the shared program: its colour, roughness and metalness are uniforms. */
export function litMaterial(params: Omit<THREE.MeshStandardMaterialParameters, 'vertexColors'>): THREE.MeshStandardMaterial {
  return new THREE.MeshStandardMaterial({ ...params, vertexColors: true });
}

/** Gives a geometry white vertex colours (for litMaterial's plain surfaces); returns it. */
export function whiteVertexColors<G extends THREE.BufferGeometry>(geo: G): G {
  const n = geo.getAttribute('position').count;
  geo.setAttribute('color', new THREE.BufferAttribute(new Float32Array(3 * n).fill(1), 3));
  return geo;
}
