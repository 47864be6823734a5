// Types shared by every family's config (each family's own config type is in its package,
// families/<package>/web; docs/cli.md "Configuration (JSON)").

export type Vec3 = [number, number, number];
export type Mat3 = [Vec3, Vec3, Vec3];

/**
 * A preset's name (a config's "case"): one of the core's presetNames(), checked against them where it
 * comes in (the address, app/families.ts caseFromQuery; the selector offers only those).
 */
export type CaseName = string;
