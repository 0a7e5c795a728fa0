export * from "./schema/auth";
export * from "./schema/catalog";
export * from "./schema/clients";
export * from "./schema/leads";
export * from "./schema/content";
export * from "./schema/partners";
export * from "./schema/ops";
export * from "./schema/integrations";
