import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { formatDateTime } from "~/lib/format";

/** "Seus dados (LGPD)" on /representante/conta: download them, or ask for the account's deletion. */
export function PrivacyPanel({
  deletionRequest,
}: {
  deletionRequest: { status: "pendente" | "concluido"; requestedAt: string } | null;
}) {
  const pending = deletionRequest?.status === "pendente";
  return (
    <section
      aria-labelledby="privacy-panel-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="privacy-panel-title" className="text-lg font-semibold text-slate-900">
        Seus dados (LGPD)
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Baixe uma cópia de tudo o que guardamos sobre você (conta, dados de pagamento, indicações e
        pagamentos) ou peça a exclusão da sua conta. Veja a{" "}
        <a href="/privacidade" className="font-medium text-brand-700 underline">
          Política de Privacidade
        </a>
        .
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <a
          href="/representante/conta/meus-dados.json"
          download
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Baixar meus dados (JSON)
        </a>
        {!pending && (
          <ConfirmButton
            label="Pedir exclusão da conta"
            triggerContent="Pedir exclusão da conta"
            triggerClassName="rounded-lg px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
            title="Pedir a exclusão da sua conta?"
            description="A equipe será avisada e vai anonimizar seus dados pessoais: você não poderá mais entrar no portal. Comissões e pagamentos já registrados continuam nos relatórios, sem o seu nome."
            confirmLabel="Pedir exclusão"
            fields={{ intent: "delete-account" }}
          />
        )}
      </div>
      {deletionRequest && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {pending ? (
            <>
              <span className="font-semibold">
                Exclusão pedida em {formatDateTime(deletionRequest.requestedAt)}
              </span>{" "}
              — aguardando a equipe.
            </>
          ) : (
            <>Seu pedido de exclusão de {formatDateTime(deletionRequest.requestedAt)} foi concluído.</>
          )}
        </p>
      )}
    </section>
  );
}
