// Lit surfaces share one shader program: three.js compiles a program per material kind and feature set,
// and the body's checker needs vertex colours, so every opaque lit surface is a MeshStandardMaterial
// with vertex colours; a plain one has white vertex colours and its colour in the material (the same
// pixels). The first frame links one program fewer per plain surface kind (docs/page.md "First load").
import * as THREE from 'three';

/** A lit material in the shared program: its colour, roughness and metalness are uniforms. */
export function litMaterial(params: Omit<THREE.MeshStandardMaterialParameters, 'vertexColors'>): THREE.MeshStandardMaterial {
  return new THREE.MeshStandardMaterial({ ...params, vertexColors: true });
}

/** Gives every vertex of a geometry one colour (linear RGB, as three.js's vertex colours); returns it. */
export function solidVertexColors<G extends THREE.BufferGeometry>(geo: G, color: THREE.Color): G {
  const n = geo.getAttribute('position').count;
  const colors = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) color.toArray(colors, 3 * i);
  geo.setAttribute('color', new THREE.BufferAttribute(colors, 3));
  return geo;
}

const WHITE = new THREE.Color(1, 1, 1);

/** White vertex colours, for litMaterial's plain surfaces (their colour is the material's); returns it. */
export function whiteVertexColors<G extends THREE.BufferGeometry>(geo: G): G {
  return solidVertexColors(geo, WHITE);
}
