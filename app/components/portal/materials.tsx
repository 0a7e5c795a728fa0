import { Check, Copy, ExternalLink, FileText, Link2 } from "lucide-react";
import { Tabs } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { ListEmpty } from "~/components/ui/list-states";
import { showToast } from "~/components/ui/toasts";
import { safeHttpUrl } from "~/lib/safe-url";
import type { PortalMaterial } from "~/modules/materials/materials.server";

export type { PortalMaterial };

export const MATERIAL_TEXTS = {
  empty: "Nenhum material disponível no momento.",
  copied: "Texto copiado para a área de transferência!",
  copyFailed: "Não foi possível copiar o texto.",
} as const;
export const COPIED_INDICATOR_MS = 2000;

const USAGE_STEPS = [
  "Clique em “Abrir no Google Drive” para acessar o material.",
  "Baixe os arquivos ou copie o link de compartilhamento do Drive.",
  "Envie o material aos restaurantes com quem você está conversando, pelo WhatsApp ou por e-mail.",
  "Quando o cliente demonstrar interesse, cadastre a indicação em “Nova Indicação”.",
];

function Empty() {
  return <ListEmpty className="rounded-xl bg-white">{MATERIAL_TEXTS.empty}</ListEmpty>;
}

const tabClass =
  "rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 data-[state=active]:bg-brand-700 data-[state=active]:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export function MaterialTabs({ materials }: { materials: PortalMaterial[] }) {
  // SPEC §3: a missing type counts as link.
  const links = materials.filter((m) => m.materialType !== "text");
  const texts = materials.filter((m) => m.materialType === "text");
  return (
    <Tabs.Root defaultValue="links" className="space-y-4">
      <Tabs.List aria-label="Tipos de material" className="flex gap-2">
        <Tabs.Trigger value="links" className={tabClass}>
          Links
        </Tabs.Trigger>
        <Tabs.Trigger value="textos" className={tabClass}>
          Textos
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="links" className="focus-visible:outline-2 focus-visible:outline-brand-600">
        {links.length === 0 ? (
          <Empty />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {links.map((m) => (
              <li key={m.id}>
                <LinkMaterialCard material={m} />
              </li>
            ))}
          </ul>
        )}
      </Tabs.Content>
      <Tabs.Content value="textos" className="focus-visible:outline-2 focus-visible:outline-brand-600">
        {texts.length === 0 ? (
          <Empty />
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {texts.map((m) => (
              <li key={m.id}>
                <TextMaterialCard material={m} />
              </li>
            ))}
          </ul>
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}

function LinkMaterialCard({ material }: { material: PortalMaterial }) {
  const url = safeHttpUrl(material.driveUrl);
  return (
    <Dialog
      trigger={
        <button
          type="button"
          className="flex h-full w-full flex-col items-start gap-2 rounded-xl border border-slate-200 bg-white p-5 text-left shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Link2 aria-hidden className="h-5 w-5 text-brand-700" />
          <span className="font-semibold text-slate-900">{material.title}</span>
          {material.description && (
            <span className="line-clamp-2 text-sm text-slate-600">{material.description}</span>
          )}
          <span className="mt-auto text-sm font-semibold text-brand-700">Ver detalhes</span>
        </button>
      }
      title={material.title}
      description={material.description || "Material de divulgação para compartilhar com seus contatos."}
      descriptionClassName="whitespace-pre-line"
      width="lg"
    >
      <h3 className="mt-5 font-semibold text-slate-900">Como usar</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
        {USAGE_STEPS.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-6 inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Abrir no Google Drive <ExternalLink aria-hidden className="h-4 w-4" />
          <span className="sr-only">(abre em nova aba)</span>
        </a>
      ) : (
        <p className="mt-6 text-sm text-slate-600">Link indisponível.</p>
      )}
    </Dialog>
  );
}

function TextMaterialCard({ material }: { material: PortalMaterial }) {
  const [copied, setCopied] = useState(false);
  const titleId = useId();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(material.textContent ?? "");
      setCopied(true);
      showToast("success", MATERIAL_TEXTS.copied);
    } catch {
      showToast("error", MATERIAL_TEXTS.copyFailed);
    }
  }

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start gap-2">
        <FileText aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
        <h2 id={titleId} className="font-semibold text-slate-900">
          {material.title}
        </h2>
      </div>
      {material.description && <p className="text-sm text-slate-600">{material.description}</p>}
      <p className="rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
        {material.textContent}
      </p>
      <button
        type="button"
        onClick={copy}
        aria-describedby={titleId}
        className="mt-auto inline-flex items-center justify-center gap-2 self-start rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {copied ? (
          <>
            <Check aria-hidden className="h-4 w-4 text-emerald-700" /> Copiado!
          </>
        ) : (
          <>
            <Copy aria-hidden className="h-4 w-4" /> Copiar texto
          </>
        )}
      </button>
    </article>
  );
}
