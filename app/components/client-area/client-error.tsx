import { ErrorState } from "~/components/ui/error-state";

/** The restaurant area's error state, inside its shell: pt-BR, the error code, and the way back. */
export function ClientAreaErrorState({ status }: { status?: number }) {
  return <ErrorState home="/cliente" homeLabel="Voltar à Área do Cliente" status={status} />;
}

/** The area's layout boundary (its shell is gone with its data). */
export function ClientAreaErrorBoundary() {
  return (
    <main id="conteudo" className="mx-auto max-w-xl px-4 py-8">
      <ClientAreaErrorState />
    </main>
  );
}

/** Outside the area's session (sign-in pages). */
export function ClientAreaStandaloneErrorBoundary() {
  return (
    <main id="conteudo" className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md">
        <ErrorState home="/cliente/entrar" homeLabel="Voltar ao acesso" />
      </div>
    </main>
  );
}
