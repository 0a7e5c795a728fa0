import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { containsText } from "~/server/db-tools/search.server";
import { getDb, type DbOrTx } from "~/db/client.server";
import { isForeignKeyViolation, isUniqueViolation } from "~/db/errors";
import { clientEmailChanges, clients, plans } from "~/db/schema";
import { isId } from "~/lib/ids";
import { likeContains } from "~/lib/list-params";
import { listPage, type ListPage } from "~/server/db-tools/list-page.server";
import { type ClientEditInput, type ClientInput, type ClientSort } from "./clients.schema";
import type { ClientStatus } from "./clients.constants";
import { emit } from "~/modules/events/index.server";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { startSubscription } from "./subscription-history.server";
import { now as clockNow } from "~/server/clock.server";
import { ADDRESS_KEYS } from "~/lib/br-address";

export type Client = typeof clients.$inferSelect;

/** The client's email is already taken (found by the pre-check or by the unique index). */
export class ClientEmailTakenError extends Error {
  constructor() {
    super("client email taken");
  }
}

/** The chosen plan does not exist (any more). */
export class PlanNotFoundError extends Error {
  constructor() {
    super("plan not found");
  }
}

// ---------------------------------------------------------------------------------------------
// Clients

export const CLIENT_SORT_COLUMNS = {
  created_at: clients.createdAt,
  name: clients.name,
  business_name: clients.businessName,
  email: clients.email,
  status: clients.status,
} as const satisfies Record<ClientSort, unknown>;

/** SPEC §9: case-insensitive contains on name, email or business name (trigram indexes). */
export function clientSearch(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = likeContains(q);
  return or(
    containsText(clients.name, q),
    ilike(clients.email, pattern),
    containsText(clients.businessName, q),
  );
}

/**
 * Financeiro's client search: clientSearch (accents and case forgiven) or the CPF/CNPJ,
 * typed with or without its dots, dashes and slash (stored as digits, or the CNPJ's letters).
 */
export function clientSearchWithDocument(q: string): SQL | undefined {
  const byText = clientSearch(q);
  if (!byText) return undefined;
  const document = q.replace(/[.\-/\s]/g, "").toUpperCase();
  if (!/^[0-9A-Z]{3,14}$/.test(document) || !/[0-9]/.test(document)) return byText;
  return or(byText, ilike(clients.document, likeContains(document)));
}

export interface ClientListRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  businessName: string;
  status: Client["status"];
  planName: string | null;
  createdAt: Date;
}

/**
 * One page of clients, searched, sorted (allow-listed key) and paginated on the server, with a
 * total that stays cheap at any table size (listPage: bounded search, estimated big counts).
 */
export async function listClients({
  q = "",
  status = null,
  sort = "created_at",
  dir = "desc",
  page = 1,
  pageSize = 20,
}: {
  q?: string;
  /** Only clients in this status (the dashboard's "Clientes Ativos" opens `?status=ativo`). */
  status?: ClientStatus | null;
  sort?: ClientSort;
  dir?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}): Promise<ListPage<ClientListRow>> {
  const order = dir === "asc" ? asc : desc;
  const db = getDb();
  return listPage({
    filter: status ? eq(clients.status, status) : undefined,
    search: clientSearch(q),
    candidates: (where) =>
      db.select({ id: clients.id, createdAt: clients.createdAt }).from(clients).where(where).getSQL(),
    countRows: (where) =>
      db
        .select({ one: sql`1` })
        .from(clients)
        .where(where)
        .getSQL(),
    idIn: (ids) => inArray(clients.id, ids),
    fetch: (where, limit, offset) =>
      db
        .select({
          id: clients.id,
          name: clients.name,
          email: clients.email,
          phone: clients.phone,
          businessName: clients.businessName,
          status: clients.status,
          planName: plans.name,
          createdAt: clients.createdAt,
        })
        .from(clients)
        .leftJoin(plans, eq(plans.id, clients.planId))
        .where(where)
        .orderBy(order(CLIENT_SORT_COLUMNS[sort] ?? clients.createdAt), order(clients.id))
        .limit(limit)
        .offset(offset),
    page,
    pageSize,
  });
}

/** SPEC §7 "Latest 5" for the dashboard. */
export async function listRecentClients({ limit = 5 }: { limit?: number } = {}) {
  return getDb()
    .select({
      id: clients.id,
      name: clients.name,
      businessName: clients.businessName,
      status: clients.status,
      createdAt: clients.createdAt,
    })
    .from(clients)
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(limit);
}

export async function getClient({ id }: { id: string }): Promise<Client | null> {
  if (!isId(id)) return null;
  const [row] = await getDb().select().from(clients).where(eq(clients.id, id));
  return row ?? null;
}

/** Another client with the same business name as the one just saved (see findSameBusinessName). */
export interface SameBusinessClient {
  id: string;
  name: string;
  email: string;
  /** How many other clients have that name besides this one. */
  more: number;
}

/**
 * The oldest other client whose business name is `businessName`, case, accents and outer spaces
 * aside ("Cantina Bella" = " cantina bélla "), or null. A second client of the same name is
 * allowed (two units of a chain are two clients), so this only feeds a warning. The contains
 * pattern lets the trigram index find the candidates; the equality decides.
 */
export async function findSameBusinessName({
  businessName,
  exceptId,
}: {
  businessName: string;
  exceptId: string;
}): Promise<SameBusinessClient | null> {
  const name = businessName.trim();
  if (!name) return null;
  const rows = await getDb()
    .select({
      id: clients.id,
      name: clients.name,
      email: clients.email,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(clients)
    .where(
      and(
        containsText(clients.businessName, name),
        sql`lower(immutable_unaccent(btrim(${clients.businessName}))) = lower(immutable_unaccent(${name}))`,
        ne(clients.id, exceptId),
      ),
    )
    .orderBy(asc(clients.createdAt), asc(clients.id))
    .limit(1);
  const [first] = rows;
  return first ? { id: first.id, name: first.name, email: first.email, more: first.total - 1 } : null;
}

export async function findClientByEmail({ email }: { email: string }): Promise<Client | null> {
  const [row] = await getDb().select().from(clients).where(eq(clients.email, email.trim().toLowerCase()));
  return row ?? null;
}

/**
 * Creates a client; with a plan, also its first subscription (ativa, mensal, starting `today`
 * in São Paulo) in the SAME transaction, so a failed subscription leaves no client behind.
 */
export async function createClient({
  input,
  today,
  actor = null,
}: {
  input: ClientInput;
  today: string;
  actor?: Actor | null;
}): Promise<Client> {
  const email = input.email.toLowerCase();
  if (await findClientByEmail({ email })) throw new ClientEmailTakenError();
  try {
    return await getDb().transaction(async (tx) => {
      const [client] = await tx
        .insert(clients)
        .values({ ...input, email })
        .returning();
      if (client.planId) {
        await emit(tx, "client.created", { clientId: client.id }, { actor, today });
        // Its subscribers: the first charge.
        await startSubscription(
          tx,
          { clientId: client.id, planId: client.planId, startDate: today, renewalType: "mensal" },
          { actor, today },
        );
      } else {
        await emit(tx, "client.created", { clientId: client.id });
      }
      await recordAudit(tx, {
        actor,
        action: "client.created",
        entityType: "client",
        entityId: client.id,
        entityLabel: client.name,
        changes: diffFields(null, { ...input, email }),
      });
      return client;
    });
  } catch (err) {
    // Two saves racing past the pre-check: the unique index decides.
    if (isUniqueViolation(err)) throw new ClientEmailTakenError();
    if (isForeignKeyViolation(err)) throw new PlanNotFoundError();
    throw err;
  }
}

/** Updates a client (updated_at on every save), audited with the changed fields; null when it does not exist. */
export async function updateClient({
  id,
  input,
  actor = null,
}: {
  id: string;
  input: ClientEditInput;
  actor?: Actor | null;
}): Promise<Client | null> {
  if (!isId(id)) return null;
  // Named fields only: the plan is never set here, even when a caller's object carries one.
  const { name, phone, businessName, status, document } = input;
  const address = Object.fromEntries(
    ADDRESS_KEYS.flatMap((k) => (input[k] === undefined ? [] : [[k, input[k]]])),
  );
  const fields = {
    name,
    phone,
    businessName,
    status,
    ...(document === undefined ? {} : { document }),
    ...address,
  };
  const email = input.email.toLowerCase();
  const other = await findClientByEmail({ email });
  if (other && other.id !== id) throw new ClientEmailTakenError();
  try {
    return await getDb().transaction(async (tx) => {
      const [before] = await tx.select().from(clients).where(eq(clients.id, id)).for("update");
      if (!before) return null;
      const [row] = await tx
        .update(clients)
        .set({ ...fields, email, updatedAt: clockNow() })
        .where(eq(clients.id, id))
        .returning();
      // The address the team set wins: a link the client asked for earlier must not undo it.
      if (before.email !== email) await revokePendingEmailChange(tx, id);
      await recordAudit(tx, {
        actor,
        action: "client.updated",
        entityType: "client",
        entityId: id,
        entityLabel: row.name,
        changes: diffFields(before, { ...fields, email }),
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ClientEmailTakenError();
    if (isForeignKeyViolation(err)) throw new PlanNotFoundError();
    throw err;
  }
}

/** Deletes a client with its subscriptions and notes (ON DELETE CASCADE). */
export async function deleteClient({
  id,
  actor = null,
}: {
  id: string;
  actor?: Actor | null;
}): Promise<boolean> {
  if (!isId(id)) return false;
  return getDb().transaction(async (tx) => {
    const [gone] = await tx.delete(clients).where(eq(clients.id, id)).returning();
    if (!gone) return false;
    await recordAudit(tx, {
      actor,
      action: "client.deleted",
      entityType: "client",
      entityId: id,
      entityLabel: gone.name,
      changes: {
        name: [gone.name, null],
        email: [gone.email, null],
        businessName: [gone.businessName, null],
      },
    });
    return true;
  });
}

/**
 * Deletes the client's pending e-mail change (asked in the client area), if any: its link stops
 * working. Called when the address changes by another way (an admin's edit, a sign-in link's use).
 */
export async function revokePendingEmailChange(db: DbOrTx, clientId: string): Promise<void> {
  await db.delete(clientEmailChanges).where(eq(clientEmailChanges.clientId, clientId));
}
