import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "~/lib/zod";
import { getDb, queryRows } from "~/db/client.server";
import { clientNotes, clients, plans, subscriptions } from "~/db/schema";
import { likeContains } from "~/lib/list-params";
import { listPage, type ListPage } from "~/modules/ops/list-page.server";
import {
  EXPIRY_WARNING_DAYS,
  subscriptionEndDate,
  type ClientInput,
  type ClientSort,
  type SubscriptionInput,
} from "./clients.schema";

export type Client = typeof clients.$inferSelect;
export type ClientNote = typeof clientNotes.$inferSelect;

const isId = (id: string) => z.guid().safeParse(id).success;

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

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.cause?.code ?? e?.code;
}
const isUniqueViolation = (err: unknown) => pgCode(err) === "23505";
const isForeignKeyViolation = (err: unknown) => pgCode(err) === "23503";

// ---------------------------------------------------------------------------------------------
// Clients

const SORT_COLUMNS = {
  created_at: clients.createdAt,
  name: clients.name,
  business_name: clients.businessName,
  email: clients.email,
  status: clients.status,
} as const satisfies Record<ClientSort, unknown>;

/** SPEC §9: case-insensitive contains on name, email or business name (trigram indexes). */
function clientSearch(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = likeContains(q);
  return or(
    ilike(clients.name, pattern),
    ilike(clients.email, pattern),
    ilike(clients.businessName, pattern),
  );
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
  sort = "created_at",
  dir = "desc",
  page = 1,
  pageSize = 20,
}: {
  q?: string;
  sort?: ClientSort;
  dir?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}): Promise<ListPage<ClientListRow>> {
  const order = dir === "asc" ? asc : desc;
  const db = getDb();
  return listPage({
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
        .orderBy(order(SORT_COLUMNS[sort] ?? clients.createdAt), order(clients.id))
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

export async function findClientByEmail({ email }: { email: string }): Promise<Client | null> {
  const [row] = await getDb().select().from(clients).where(eq(clients.email, email.trim().toLowerCase()));
  return row ?? null;
}

/**
 * Creates a client; with a plan, also its first subscription (ativa, mensal, starting `today`
 * in São Paulo) in the SAME transaction, so a failed subscription leaves no client behind.
 */
export async function createClient({ input, today }: { input: ClientInput; today: string }): Promise<Client> {
  const email = input.email.toLowerCase();
  if (await findClientByEmail({ email })) throw new ClientEmailTakenError();
  try {
    return await getDb().transaction(async (tx) => {
      const [client] = await tx
        .insert(clients)
        .values({ ...input, email })
        .returning();
      if (client.planId) {
        await tx.insert(subscriptions).values({
          clientId: client.id,
          planId: client.planId,
          startDate: today,
          endDate: subscriptionEndDate(today, "mensal"),
          status: "ativa",
          renewalType: "mensal",
        });
      }
      return client;
    });
  } catch (err) {
    // Two saves racing past the pre-check: the unique index decides.
    if (isUniqueViolation(err)) throw new ClientEmailTakenError();
    if (isForeignKeyViolation(err)) throw new PlanNotFoundError();
    throw err;
  }
}

/** Updates a client (updated_at on every save); null when it does not exist. */
export async function updateClient({
  id,
  input,
}: {
  id: string;
  input: ClientInput;
}): Promise<Client | null> {
  if (!isId(id)) return null;
  const email = input.email.toLowerCase();
  const other = await findClientByEmail({ email });
  if (other && other.id !== id) throw new ClientEmailTakenError();
  try {
    const [row] = await getDb()
      .update(clients)
      .set({ ...input, email, updatedAt: new Date() })
      .where(eq(clients.id, id))
      .returning();
    return row ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) throw new ClientEmailTakenError();
    if (isForeignKeyViolation(err)) throw new PlanNotFoundError();
    throw err;
  }
}

/** Deletes a client with its subscriptions and notes (ON DELETE CASCADE). */
export async function deleteClient({ id }: { id: string }): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await getDb().delete(clients).where(eq(clients.id, id)).returning({ id: clients.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Subscriptions

export interface SubscriptionRow {
  id: string;
  planId: string;
  planName: string;
  startDate: string;
  endDate: string;
  status: (typeof subscriptions.$inferSelect)["status"];
  renewalType: (typeof subscriptions.$inferSelect)["renewalType"];
  createdAt: Date;
}

/** SPEC §7: a client's subscriptions with the joined plan name, newest first. */
export async function listSubscriptions({ clientId }: { clientId: string }): Promise<SubscriptionRow[]> {
  if (!isId(clientId)) return [];
  return getDb()
    .select({
      id: subscriptions.id,
      planId: subscriptions.planId,
      planName: plans.name,
      startDate: subscriptions.startDate,
      endDate: subscriptions.endDate,
      status: subscriptions.status,
      renewalType: subscriptions.renewalType,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.clientId, clientId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(200);
}

/** Adds an ativa subscription whose end date is derived from the start and renewal type. */
export async function addSubscription({
  clientId,
  input,
}: {
  clientId: string;
  input: SubscriptionInput;
}): Promise<typeof subscriptions.$inferSelect> {
  try {
    const [row] = await getDb()
      .insert(subscriptions)
      .values({
        clientId,
        planId: input.planId,
        startDate: input.startDate,
        endDate: subscriptionEndDate(input.startDate, input.renewalType),
        renewalType: input.renewalType,
        status: "ativa",
      })
      .returning();
    return row;
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new PlanNotFoundError();
    throw err;
  }
}

/** Deletes a subscription only if it belongs to `clientId`; false otherwise. */
export async function deleteSubscription({
  clientId,
  subscriptionId,
}: {
  clientId: string;
  subscriptionId: string;
}): Promise<boolean> {
  if (!isId(clientId) || !isId(subscriptionId)) return false;
  const rows = await getDb()
    .delete(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.clientId, clientId)))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

export interface ExpiringSubscription {
  subscription_id: string;
  client_id: string;
  client_name: string;
  plan_name: string;
  end_date: string;
  days_remaining: number;
}

/**
 * The spec's get_expiring_subscriptions(days_threshold 7): ativa subscriptions ending between
 * `today` and `today + days`, where `today` is São Paulo's date passed in by the caller
 * (never the database server's clock or time zone).
 */
export async function listExpiringSubscriptions({
  today,
  days = EXPIRY_WARNING_DAYS,
  limit = 50,
}: {
  today: string;
  days?: number;
  limit?: number;
}): Promise<ExpiringSubscription[]> {
  const rows = await queryRows<ExpiringSubscription>(
    getDb(),
    sql`select s.id as subscription_id,
               s.client_id,
               c.name as client_name,
               p.name as plan_name,
               s.end_date::text as end_date,
               (s.end_date - ${today}::date)::int as days_remaining
          from subscriptions s
          join clients c on c.id = s.client_id
          join plans p on p.id = s.plan_id
         where s.status = 'ativa'
           and s.end_date >= ${today}::date
           and s.end_date <= ${today}::date + ${days}::int
         order by s.end_date, c.name, s.id
         limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, days_remaining: Number(r.days_remaining) }));
}

// ---------------------------------------------------------------------------------------------
// Notes

/** SPEC §7: a client's notes, newest first. */
export async function listNotes({ clientId }: { clientId: string }): Promise<ClientNote[]> {
  if (!isId(clientId)) return [];
  return getDb()
    .select()
    .from(clientNotes)
    .where(eq(clientNotes.clientId, clientId))
    .orderBy(desc(clientNotes.createdAt), desc(clientNotes.id))
    .limit(500);
}

export async function addNote({ clientId, note }: { clientId: string; note: string }): Promise<ClientNote> {
  const [row] = await getDb().insert(clientNotes).values({ clientId, note: note.trim() }).returning();
  return row;
}

/** Deletes a note only if it belongs to `clientId`; false otherwise. */
export async function deleteNote({
  clientId,
  noteId,
}: {
  clientId: string;
  noteId: string;
}): Promise<boolean> {
  if (!isId(clientId) || !isId(noteId)) return false;
  const rows = await getDb()
    .delete(clientNotes)
    .where(and(eq(clientNotes.id, noteId), eq(clientNotes.clientId, clientId)))
    .returning({ id: clientNotes.id });
  return rows.length > 0;
}
