import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "react-router";

/** The pt-BR texts of the error pages (DESIGN §5: never the router's English page). */
export const ERROR_TEXTS: Record<number, { title: string; body: string }> = {
  404: {
    title: "Página não encontrada",
    body: "O endereço que você acessou não existe ou foi removido.",
  },
  // A form over the body limit (app/server/http/body-limit.server.ts, same words).
  413: {
    title: "Dados grandes demais",
    body: "Os dados enviados passam do limite aceito. Reduza o texto ou a quantidade de campos e tente novamente.",
  },
  500: {
    title: "Algo deu errado",
    body: "Tivemos um problema ao carregar esta página. Tente novamente em alguns instantes.",
  },
};

export function errorTexts(status: number) {
  return (
    ERROR_TEXTS[status] ??
    (status >= 500
      ? ERROR_TEXTS[500]
      : { title: "Não foi possível abrir esta página", body: "Verifique o endereço e tente novamente." })
  );
}

/**
 * The status of the error a boundary caught, and the id of the request (the X-Request-Id the
 * server logged it under), which the root loader passes on; a user can quote it to support.
 */
export function useErrorInfo(): { status: number; requestId: string | null } {
  const error = useRouteError();
  const root = useRouteLoaderData("root") as { requestId?: string | null } | undefined;
  return {
    status: isRouteErrorResponse(error) ? error.status : 500,
    requestId: root?.requestId ?? null,
  };
}

/** "Código do erro: …" under a server error, so the failing request can be found in the logs. */
export function ErrorCode({ status, requestId }: { status: number; requestId: string | null }) {
  if (status < 500 || !requestId) return null;
  return (
    <p className="mt-3 text-sm text-slate-600">
      Código do erro: <code className="font-mono text-slate-800">{requestId}</code>
    </p>
  );
}

/**
 * The error state of the back office and the portal: inside their shell, the pt-BR message, the
 * error code and a way back to the area's home. `status` is for a page that is itself the error
 * (an area's "not found" page); a boundary takes the status of the error it caught.
 */
export function ErrorState({
  home,
  homeLabel,
  status: fixedStatus,
}: {
  home: string;
  homeLabel: string;
  status?: number;
}) {
  const info = useErrorInfo();
  const status = fixedStatus ?? info.status;
  const requestId = info.requestId;
  const t = errorTexts(status);
  return (
    <section
      role="alert"
      aria-labelledby="erro-titulo"
      className="rounded-xl border border-red-200 bg-white p-8 text-center shadow-sm"
    >
      <p className="text-4xl font-extrabold text-brand-600">{status}</p>
      <h1 id="erro-titulo" className="mt-3 text-2xl font-bold text-slate-900">
        {t.title}
      </h1>
      <p className="mt-2 text-slate-600">{t.body}</p>
      <ErrorCode status={status} requestId={requestId} />
      <Link
        to={home}
        className="mt-6 inline-block rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {homeLabel}
      </Link>
    </section>
  );
}
