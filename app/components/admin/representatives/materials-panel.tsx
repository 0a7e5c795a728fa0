import { ExternalLink } from "lucide-react";
import { Tabs } from "radix-ui";
import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { ListEmpty, ListError } from "~/components/ui/list-states";
import { formatDate } from "~/lib/format";
import { MATERIAL_UI_MESSAGES, textPreview } from "~/modules/representatives/representatives.schema";
import { AddMaterialDialog } from "./add-material-dialog";
import { safeHttpUrl } from "~/lib/safe-url";
import type { Material } from "~/modules/materials/materials.server";

function MaterialItem({ m }: { m: Material }) {
  return (
    <li className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">{m.title}</h3>
        {m.description && <p className="mt-0.5 text-sm text-slate-600">{m.description}</p>}
        {m.materialType === "text" ? (
          <p className="mt-2 text-sm whitespace-pre-line text-slate-700">
            {textPreview(m.textContent ?? "")}
          </p>
        ) : (
          safeHttpUrl(m.driveUrl) && (
            <a
              href={safeHttpUrl(m.driveUrl) ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-flex items-center gap-1 text-sm font-medium break-all text-brand-700 hover:underline"
            >
              {m.driveUrl}
              <ExternalLink aria-hidden className="h-3.5 w-3.5 shrink-0" />
            </a>
          )
        )}
        <p className="mt-2 text-xs text-slate-500">Adicionado em {formatDate(m.createdAt)}</p>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <AddMaterialDialog material={m} />
        <ConfirmButton
          label={`Excluir material ${m.title}`}
          title="Excluir material"
          description={`Tem certeza que deseja excluir o material "${m.title}"? Os representantes deixarão de vê-lo.`}
          fields={{ intent: "deleteMaterial", id: m.id }}
        />
      </div>
    </li>
  );
}

function MaterialList({ items }: { items: Material[] }) {
  if (items.length === 0) return <ListEmpty>{MATERIAL_UI_MESSAGES.empty}</ListEmpty>;
  return (
    <ul className="space-y-3">
      {items.map((m) => (
        <MaterialItem key={m.id} m={m} />
      ))}
    </ul>
  );
}

const tabClass =
  "rounded-t-lg border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800";

/** Materials with tabs Links and Textos; `null` means the list could not be loaded. */
export function MaterialsPanel({ materials }: { materials: Material[] | null }) {
  // SPEC §3: a missing type counts as link.
  const links = materials?.filter((m) => m.materialType !== "text") ?? [];
  const texts = materials?.filter((m) => m.materialType === "text") ?? [];
  return (
    <section aria-labelledby="materiais-titulo" className="mt-10">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="materiais-titulo" className="text-xl font-bold text-slate-900">
            Materiais de Divulgação
          </h2>
          <p className="mt-1 text-sm text-slate-600">O que os representantes veem em Materiais no portal.</p>
        </div>
        <AddMaterialDialog />
      </div>
      {materials === null ? (
        <ListError message={MATERIAL_UI_MESSAGES.loadError} />
      ) : (
        <Tabs.Root defaultValue="links">
          <Tabs.List aria-label="Tipos de material" className="mb-4 flex gap-1 border-b border-slate-200">
            <Tabs.Trigger value="links" className={tabClass}>
              Links ({links.length})
            </Tabs.Trigger>
            <Tabs.Trigger value="textos" className={tabClass}>
              Textos ({texts.length})
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="links">
            <MaterialList items={links} />
          </Tabs.Content>
          <Tabs.Content value="textos">
            <MaterialList items={texts} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </section>
  );
}
