// What the rigid body gives the page's workers (app/family-parts.ts FamilyWorkerPackage, found by the
// long-run worker's comparison jobs through import.meta.glob): its Rapier set-up for the long-run
// table, without its view or controls.
import type { FamilyWorkerPackage } from '../../../web/src/app/family-parts';
import { rapierBaseline } from './rapier-baseline';

export const workerParts: FamilyWorkerPackage = {
  families: [{ name: 'rigid_body', rapier: rapierBaseline }],
};
