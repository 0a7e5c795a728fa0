import { Tabs } from "radix-ui";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Card } from "~/components/admin/ui";
import { Button, TextAreaField, TextField } from "~/components/ui/form";
import { useUnsavedChanges } from "~/components/ui/use-unsaved-changes";
import type { FieldErrors } from "~/lib/validation";
import { SETTINGS_TABS, type SettingsTab } from "~/modules/settings/settings.schema";
import { SeoTab, type SeoValues } from "./seo-tab";

export interface SettingsValues extends SeoValues {
  googleAnalyticsId: string;
  googleTagManagerId: string;
  facebookPixelId: string;
  customScriptsHead: string;
  customScriptsBody: string;
  structuredData: string;
}

const TAB_LABELS: Record<SettingsTab, string> = {
  seo: "SEO",
  analytics: "Analytics e Tracking",
  scripts: "Scripts Personalizados",
  structured: "Dados Estruturados",
};

function tabOfFirstError(errors: FieldErrors | undefined): SettingsTab | null {
  if (!errors) return null;
  for (const [tab, fields] of Object.entries(SETTINGS_TABS) as [SettingsTab, readonly string[]][])
    if (fields.some((f) => errors[f])) return tab;
  return null;
}

const trigger =
  "-mb-px rounded-t-lg border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800";
// Every tab stays mounted (only hidden) so the one form posts all fields.
const panel = "data-[state=inactive]:hidden";

export function SettingsForm({ initial, errors }: { initial: SettingsValues; errors?: FieldErrors }) {
  const [tab, setTab] = useState<SettingsTab>("seo");
  const [shown, setShown] = useState<FieldErrors | undefined>(undefined);
  if (errors !== shown) {
    // A refused save opens the tab of the first wrong field.
    setShown(errors);
    const t = tabOfFirstError(errors);
    if (t) setTab(t);
  }
  const e = errors ?? {};
  const busy = useNavigation().state === "submitting";
  const unsaved = useUnsavedChanges();
  return (
    <Form method="post" noValidate onChange={unsaved.markDirty} onSubmit={unsaved.onSubmit}>
      {unsaved.dialog}
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as SettingsTab)}>
        <Tabs.List
          aria-label="Seções das configurações"
          className="mb-4 flex flex-wrap gap-1 border-b border-slate-200"
        >
          {(Object.keys(TAB_LABELS) as SettingsTab[]).map((t) => (
            <Tabs.Trigger key={t} value={t} className={trigger}>
              {TAB_LABELS[t]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Card>
          <Tabs.Content value="seo" forceMount className={panel}>
            <SeoTab initial={initial} errors={e} />
          </Tabs.Content>
          <Tabs.Content value="analytics" forceMount className={`${panel} max-w-xl space-y-4`}>
            <TextField
              label="ID do Google Analytics"
              name="googleAnalyticsId"
              placeholder="G-XXXXXXXXXX"
              defaultValue={initial.googleAnalyticsId}
              error={e.googleAnalyticsId}
              hint="GA4 (G-...) ou Universal Analytics (UA-...)."
            />
            <TextField
              label="ID do Google Tag Manager"
              name="googleTagManagerId"
              placeholder="GTM-XXXXXXX"
              defaultValue={initial.googleTagManagerId}
              error={e.googleTagManagerId}
            />
            <TextField
              label="ID do Pixel do Facebook"
              name="facebookPixelId"
              inputMode="numeric"
              placeholder="123456789012345"
              defaultValue={initial.facebookPixelId}
              error={e.facebookPixelId}
            />
          </Tabs.Content>
          <Tabs.Content value="scripts" forceMount className={`${panel} space-y-4`}>
            <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              Estes códigos são inseridos em todas as páginas públicas. Cole apenas scripts de fontes
              confiáveis.
            </p>
            <TextAreaField
              label="Scripts no <head>"
              name="customScriptsHead"
              rows={8}
              spellCheck={false}
              defaultValue={initial.customScriptsHead}
              error={e.customScriptsHead}
            />
            <TextAreaField
              label="Scripts no fim do <body>"
              name="customScriptsBody"
              rows={8}
              spellCheck={false}
              defaultValue={initial.customScriptsBody}
              error={e.customScriptsBody}
            />
          </Tabs.Content>
          <Tabs.Content value="structured" forceMount className={`${panel} space-y-3`}>
            <p className="text-sm text-slate-600">
              JSON-LD (schema.org) incluído nas páginas públicas, por exemplo um objeto LocalBusiness ou
              Organization.
            </p>
            <TextAreaField
              label="Dados estruturados (JSON-LD)"
              name="structuredData"
              rows={14}
              spellCheck={false}
              placeholder={'{\n  "@context": "https://schema.org",\n  "@type": "Organization"\n}'}
              defaultValue={initial.structuredData}
              error={e.structuredData}
            />
          </Tabs.Content>
        </Card>
      </Tabs.Root>
      <div className="mt-4 flex justify-end">
        <Button type="submit" busy={busy} busyLabel="Salvando...">
          Salvar Configurações
        </Button>
      </div>
    </Form>
  );
}
