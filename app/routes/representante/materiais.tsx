import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/materiais";
import { CommissionTerms } from "~/components/portal/commission-terms";
import { MaterialTabs, type PortalMaterial } from "~/components/portal/materials";
import { PortalErrorBoundary } from "~/components/portal/portal-error";
import { ListError } from "~/components/ui/list-states";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { toast } from "~/lib/form-reply";
import { requireRepresentative } from "~/modules/auth/session.server";
import { listMaterials } from "~/modules/materials/materials.server";
import { listPlans } from "~/modules/plans/plans.server";
import { log } from "~/server/logging/logger.server";

const LOAD_FAILED = "Erro ao carregar materiais";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRepresentative(request);
  try {
    const [list, plans] = await Promise.all([listMaterials(), listPlans()]);
    const terms = plans.map(({ id, name, commissionCents }) => ({ id, name, commissionCents }));
    const materials: PortalMaterial[] = list.map((m) => ({
      id: m.id,
      title: m.title,
      description: m.description,
      materialType: m.materialType,
      driveUrl: m.driveUrl,
      textContent: m.textContent,
    }));
    return { materials, terms, loadError: null, toast: null };
  } catch (err) {
    log.error({ err }, "portal materials: list failed");
    return {
      materials: [] as PortalMaterial[],
      terms: [],
      loadError: LOAD_FAILED,
      toast: toast.error(LOAD_FAILED),
    };
  }
}

export default function Materials({ loaderData }: Route.ComponentProps) {
  useReplyToast(loaderData);
  return (
    <div className="space-y-6">
      <Link
        to="/representante/dashboard"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> Voltar ao dashboard
      </Link>
      <PageHeader
        title="Materiais de divulgação"
        subtitle="Links e textos prontos para apresentar o sistema aos restaurantes."
      />
      <ListError message={loaderData.loadError} />
      <CommissionTerms plans={loaderData.terms} />
      <MaterialTabs materials={loaderData.materials} />
    </div>
  );
}

export function meta() {
  return [{ title: "Materiais | CardápioDigital" }];
}

export const ErrorBoundary = PortalErrorBoundary;
