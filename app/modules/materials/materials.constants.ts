// Client-safe: the kinds of promotional material (SPEC §3); the database checks the same list.
export const MATERIAL_TYPES = ["link", "text"] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];
