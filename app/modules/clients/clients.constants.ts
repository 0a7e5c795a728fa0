// Client-safe vocabulary of the clients domain: the forms (browser), the zod schemas and the
// database's CHECK constraints (app/db/schema/clients.ts) all read these lists.
export const CLIENT_STATUSES = ["ativo", "inativo", "pendente"] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
// `suspensa`: a charge overdue beyond the grace days (decision 033); paying it reactivates.
export const SUBSCRIPTION_STATUSES = ["ativa", "inativa", "cancelada", "suspensa"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const RENEWAL_TYPES = ["mensal", "trimestral", "semestral", "anual"] as const;
export type RenewalType = (typeof RENEWAL_TYPES)[number];
