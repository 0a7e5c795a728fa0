import type { Route } from "./+types/index";
import {
  ChargesSection,
  HelpSection,
  OnboardingSection,
  PlanSection,
  SignOutEverywhere,
} from "~/components/client-area/overview";
import { getClientOverview } from "~/modules/client-area/client-area.server";
import { requireClient } from "~/modules/client-area/client-session.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { client } = await requireClient(request);
  return getClientOverview({ clientId: client.id });
}

export default function ClientAreaHome({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Olá, {d.client?.name}!</h1>
      <PlanSection subscription={d.subscription} planName={d.client?.planName ?? null} />
      <ChargesSection open={d.open} paid={d.paid} />
      <OnboardingSection onboarding={d.onboarding} />
      <HelpSection help={d.help} />
      <SignOutEverywhere />
    </div>
  );
}

export function meta() {
  return [{ title: "Área do Cliente | CardápioDigital" }, { name: "robots", content: "noindex" }];
}
