import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db";
import { type EventEnvelope, eventsJob, fanOutJobId, publish } from "./events-queue.server";
import { defineJob, drainJobs, startJobs, stopJobs } from "./queue.server";

const t = useTestDatabase();
afterEach(() => stopJobs());

type Env = EventEnvelope<string, { n: number }>;

describe("events on the job queue", () => {
  it("fans an event out to each subscriber", async () => {
    const got: string[] = [];
    const push =
      (tag: string) =>
      async ({ event, payload }: Env) =>
        void got.push(`${tag}:${event}:${payload.n}`);
    const a = defineJob<Env>({ name: "test.sub-a", on: ["thing.happened"], handler: push("a") });
    const b = defineJob<Env>({ name: "test.sub-b", on: ["thing.happened", "other"], handler: push("b") });
    const c = defineJob<Env>({ name: "test.sub-c", on: ["other"], handler: push("c") });
    await startJobs({ database: t.database, databaseUrl: t.url, jobs: [eventsJob, a, b, c], worker: false });
    await publish(t.db, "thing.happened", { n: 1 });
    await drainJobs();
    expect(got.sort()).toEqual(["a:thing.happened:1", "b:thing.happened:1"]);
  });

  it("a retried fan-out adds nothing twice: each subscriber's job id is derived from the event's", async () => {
    const got: string[] = [];
    const sub = defineJob<Env>({
      name: "test.sub-once",
      on: ["thing.retried"],
      handler: async ({ eventId }) => void got.push(eventId),
    });
    await startJobs({ database: t.database, databaseUrl: t.url, jobs: [eventsJob, sub], worker: false });
    const event = {
      id: randomUUID(),
      data: { event: "thing.retried", payload: { n: 1 }, occurredAt: new Date().toISOString() },
    };
    // The same events-queue job handled twice (its completion was lost, so it ran again).
    await eventsJob.batchHandler!([event]);
    await eventsJob.batchHandler!([event]);
    await drainJobs();
    expect(got).toEqual([event.id]);
  });

  it("fan-out job ids are name-based: the same event and subscriber give the same UUID", () => {
    const id = fanOutJobId("4b0d7f8e-0000-4000-8000-000000000001", "mail.deliver");
    expect(id).toBe(fanOutJobId("4b0d7f8e-0000-4000-8000-000000000001", "mail.deliver"));
    expect(id).not.toBe(fanOutJobId("4b0d7f8e-0000-4000-8000-000000000001", "webhooks.deliver"));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
