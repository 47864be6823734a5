// The checks every family's parser of the core's JSON (presetJson, configJson) starts from: the text is
// an object, a number is finite, a vector has its size. A mismatch is a contract problem between the
// core and the page, so it throws ConfigShapeError with the field. Each family's own parser is in its
// package (families/<package>/web).
import type { Mat3, Vec3 } from './types';

export class ConfigShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigShapeError';
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The core's config JSON as an object, or a ConfigShapeError (every model family's parser starts here). */
export function parseJsonObject(json: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    throw new ConfigShapeError(`config JSON does not parse: ${(e as Error).message}`);
  }
  if (!isRecord(raw)) throw new ConfigShapeError('config: expected a JSON object');
  return raw;
}

/** A finite number of the core's JSON, else a ConfigShapeError naming where it is. */
export function jsonNumber(v: unknown, where: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw new ConfigShapeError(`${where}: expected a finite number, got ${JSON.stringify(v)}`);
  }
  return v;
}

/** Three finite numbers of the core's JSON. */
export function jsonVec3(v: unknown, where: string): Vec3 {
  if (!Array.isArray(v) || v.length !== 3) {
    throw new ConfigShapeError(`${where}: expected an array of 3 numbers, got ${JSON.stringify(v)}`);
  }
  return [jsonNumber(v[0], `${where}[0]`), jsonNumber(v[1], `${where}[1]`), jsonNumber(v[2], `${where}[2]`)];
}

/** A 3×3 matrix (rows) of the core's JSON. */
export function jsonMat3(v: unknown, where: string): Mat3 {
  if (!Array.isArray(v) || v.length !== 3) {
    throw new ConfigShapeError(`${where}: expected a 3x3 array, got ${JSON.stringify(v)}`);
  }
  return [jsonVec3(v[0], `${where}[0]`), jsonVec3(v[1], `${where}[1]`), jsonVec3(v[2], `${where}[2]`)];
}
