import { useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Card } from "~/components/admin/ui";
import { ConfirmDialog } from "~/components/ui/dialog";
import { Button } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { Toast } from "~/lib/form-reply";
import { OnboardingCard, type OnboardingCardData } from "./onboarding-card";

/**
 * The client page's "Implantação": the client's onboarding, or "Pagamento confirmado"
 * to open one by hand for a client billed elsewhere. Self-contained: its forms post to
 * /admin/onboarding and the page revalidates; the page's loader only adds getClientOnboarding().
 */
export function ClientOnboardingSection({
  clientId,
  clientName,
  onboarding,
}: {
  clientId: string;
  clientName: string;
  onboarding: OnboardingCardData | null;
}) {
  const fetcher = useFetcher<{ ok: boolean; toast: Toast | null }>();
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  useReplyToast(fetcher.data);
  return (
    <Card>
      <section aria-labelledby="client-onboarding-title">
        <h2 id="client-onboarding-title" className="mb-3 text-lg font-semibold text-slate-900">
          Implantação
        </h2>
        {onboarding ? (
          <OnboardingCard onboarding={onboarding} showClient={false} />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600">
              Abre sozinha quando a primeira cobrança é paga. Para um cliente cobrado por fora, confirme o
              pagamento aqui.
            </p>
            <ConfirmDialog
              open={open}
              onOpenChange={setOpen}
              trigger={
                <Button
                  type="button"
                  variant="secondary"
                  busy={fetcher.state !== "idle"}
                  busyLabel="Abrindo..."
                >
                  Pagamento confirmado
                </Button>
              }
              title="Confirmar pagamento e abrir a implantação?"
              description={`O prazo de ${clientName} começa hoje, e o cliente recebe o e-mail com a data em que o cardápio fica pronto.`}
              confirmLabel="Abrir implantação"
              tone="primary"
              onConfirm={() => {
                setOpen(false);
                fetcher.submit(
                  { intent: "open", clientId, back: pathname + search },
                  { method: "post", action: "/admin/onboarding" },
                );
              }}
            />
          </div>
        )}
      </section>
    </Card>
  );
}
