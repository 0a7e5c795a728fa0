import { Link } from "react-router";
import { ErrorCode, errorTexts, useErrorInfo } from "~/components/ui/error-state";
import { Footer } from "./footer";
import { Header } from "./header";

/**
 * pt-BR error page. Inside the public layout it renders only its body; `standalone` (the root
 * boundary, when even the layout failed) brings its own header and footer.
 */
export function ErrorPage({
  status,
  standalone = false,
  requestId = null,
}: {
  status: number;
  standalone?: boolean;
  /** Shown under a server error as "Código do erro" (useErrorInfo). */
  requestId?: string | null;
}) {
  const t = errorTexts(status);
  const body = (
    <main
      id="conteudo"
      className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 pt-24 pb-16 text-center"
    >
      <p className="text-6xl font-extrabold text-brand-600">{status}</p>
      <h1 className="mt-4 text-3xl font-bold">{t.title}</h1>
      <p className="mt-3 text-slate-600">{t.body}</p>
      <ErrorCode status={status} requestId={requestId} />
      <div className="mt-8 flex gap-3">
        <Link
          to="/"
          className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Voltar para o início
        </Link>
        <Link
          to="/blog"
          className="rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Ler o blog
        </Link>
      </div>
    </main>
  );
  if (!standalone) return body;
  return (
    <>
      <title>{`${t.title} | CardápioDigital`}</title>
      <Header demoUrl="/" />
      {body}
      <Footer posts={[]} />
    </>
  );
}

/** The page for the error a boundary caught (loaded lazily by error-boundary.tsx). */
export default function RoutedErrorPage({ standalone = false }: { standalone?: boolean }) {
  const { status, requestId } = useErrorInfo();
  return <ErrorPage status={status} requestId={requestId} standalone={standalone} />;
}
