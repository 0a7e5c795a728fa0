import { ErrorState } from "~/components/ui/error-state";

/** The portal's error state: pt-BR, the error code, and the way back to the dashboard. */
export function PortalErrorState({ status }: { status?: number }) {
  return <ErrorState home="/representante/dashboard" homeLabel="Voltar ao dashboard" status={status} />;
}

/** ErrorBoundary of a portal page: shown inside the portal's header. */
export function PortalErrorBoundary() {
  return <PortalErrorState />;
}

/** ErrorBoundary of the portal's pages outside its layout (login, register). */
export function PortalStandaloneErrorBoundary() {
  return (
    <main id="conteudo" className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md">
        <ErrorState home="/representante/login" homeLabel="Voltar ao login" />
      </div>
    </main>
  );
}
