import { chargeFiguresToday } from "~/modules/billing/metrics.server";
import { now } from "~/server/clock.server";
import { jobsWaiting, workerHeartbeat } from "~/server/jobs/queue.server";
import { startMetrics } from "~/server/metrics/metrics.server";

/**
 * Where the scrape-time figures come from (like jobs.server.ts for jobs): the job queue's waiting
 * jobs and billing's charges of the day. app/server/metrics holds the metric families; the
 * domain's figures reach it from here, since the server layer imports no module.
 */
export function startAppMetrics({ worker }: { worker: boolean }): void {
  startMetrics({
    now,
    heartbeat: worker ? () => workerHeartbeat().at : undefined,
    readFigures: async () => {
      const [jobs, charges] = await Promise.all([jobsWaiting(), chargeFiguresToday()]);
      return { jobs, charges };
    },
  });
}
