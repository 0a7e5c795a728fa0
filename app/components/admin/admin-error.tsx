import { ErrorState } from "~/components/ui/error-state";

/** The back office's error state: pt-BR, the error code, and the way back to the dashboard. */
export function AdminErrorState({ status }: { status?: number }) {
  return <ErrorState home="/admin/dashboard" homeLabel="Voltar ao painel" status={status} />;
}
