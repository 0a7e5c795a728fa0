import { formatDate } from "~/lib/format";

const PROSE =
  "tap-text leading-relaxed text-slate-800 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_li]:mt-2 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6";

/** /privacidade and /termos: a title, the last change and the (server-sanitized) text. */
export function LegalPage({
  title,
  html,
  updatedAt,
}: {
  title: string;
  html: string;
  updatedAt: string | null;
}) {
  return (
    <main id="conteudo" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900 md:text-4xl">{title}</h1>
      {updatedAt && (
        <p className="mt-2 text-sm text-slate-600">Última atualização: {formatDate(updatedAt)}</p>
      )}
      <div className={`mt-6 ${PROSE}`} dangerouslySetInnerHTML={{ __html: html }} />
    </main>
  );
}
