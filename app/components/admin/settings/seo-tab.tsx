import { CheckCircle2, AlertTriangle } from "lucide-react";
import { useState } from "react";
import { Button, TextAreaField, TextField } from "~/components/ui/form";
import type { FieldErrors } from "~/lib/validation";
import { SEO_TIPS } from "~/modules/settings/settings.schema";
import { safeHttpUrl } from "~/lib/safe-url";

export interface SeoValues {
  title: string;
  description: string;
  keywords: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  canonicalUrl: string;
}

function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return "seusite.com.br";
  }
}

function Tip({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  const Icon = ok ? CheckCircle2 : AlertTriangle;
  return (
    <li className="flex gap-2">
      <Icon aria-hidden className={`mt-0.5 h-4 w-4 shrink-0 ${ok ? "text-green-700" : "text-amber-600"}`} />
      <span>{children}</span>
    </li>
  );
}

function SeoTips({ v }: { v: SeoValues }) {
  const t = v.title.trim().length;
  const d = v.description.trim().length;
  const canonical = v.canonicalUrl.trim();
  return (
    <aside
      aria-labelledby="seo-dicas"
      className="self-start rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-slate-800"
    >
      <h3 id="seo-dicas" className="mb-2 font-semibold text-blue-900">
        Dicas de SEO
      </h3>
      <ul className="space-y-2">
        <Tip ok={t >= SEO_TIPS.title.min && t <= SEO_TIPS.title.max}>
          Título: <strong>{t} caracteres</strong> (ideal entre {SEO_TIPS.title.min} e {SEO_TIPS.title.max}).
        </Tip>
        <Tip ok={d >= SEO_TIPS.description.min && d <= SEO_TIPS.description.max}>
          Descrição: <strong>{d} caracteres</strong> (ideal entre {SEO_TIPS.description.min} e{" "}
          {SEO_TIPS.description.max}).
        </Tip>
        <Tip ok={Boolean(v.ogImage.trim())}>
          Imagem de compartilhamento (OG): use {SEO_TIPS.ogImage} pixels.
        </Tip>
        <Tip ok={!canonical.endsWith("/")}>URL canônica: sem barra (/) no final.</Tip>
      </ul>
    </aside>
  );
}

function SeoPreview({ v }: { v: SeoValues }) {
  const url = v.canonicalUrl.trim() || "https://seusite.com.br";
  const title = v.title.trim() || "Título do site";
  const description = v.description.trim() || "A descrição do site aparece aqui nos resultados de busca.";
  const ogTitle = v.ogTitle.trim() || title;
  const ogDescription = v.ogDescription.trim() || description;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <figure className="rounded-xl border border-slate-200 bg-white p-4">
        <figcaption className="mb-3 text-xs font-semibold text-slate-600 uppercase">
          Resultado de busca
        </figcaption>
        <p className="truncate text-sm text-green-800">{url}</p>
        <p className="truncate text-lg text-blue-800">{title}</p>
        <p className="line-clamp-2 text-sm text-slate-700">{description}</p>
      </figure>
      <figure className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        <figcaption className="p-4 pb-0 text-xs font-semibold text-slate-600 uppercase">
          Compartilhamento em redes sociais
        </figcaption>
        <div className="m-4 overflow-hidden rounded-lg border border-slate-200">
          {safeHttpUrl(v.ogImage) ? (
            <img
              src={safeHttpUrl(v.ogImage) ?? undefined}
              alt=""
              className="aspect-[1200/630] w-full bg-slate-100 object-cover"
            />
          ) : (
            <div className="flex aspect-[1200/630] items-center justify-center bg-slate-100 text-sm text-slate-600">
              Sem imagem ({SEO_TIPS.ogImage})
            </div>
          )}
          <div className="bg-slate-50 p-3">
            <p className="text-xs text-slate-600 uppercase">{hostOf(url)}</p>
            <p className="truncate font-semibold text-slate-900">{ogTitle}</p>
            <p className="line-clamp-2 text-sm text-slate-700">{ogDescription}</p>
          </div>
        </div>
      </figure>
    </div>
  );
}

export function SeoTab({ initial, errors }: { initial: SeoValues; errors: FieldErrors }) {
  const [v, setV] = useState(initial);
  const [preview, setPreview] = useState(false);
  const bind = (key: keyof SeoValues) => ({
    name: key,
    value: v[key],
    error: errors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      // Read now: React clears currentTarget before a state updater runs.
      const value = e.currentTarget.value;
      setV((old) => ({ ...old, [key]: value }));
    },
  });
  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_20rem]">
      <div className="space-y-4">
        <div className="flex justify-end">
          <Button
            type="button"
            variant="secondary"
            aria-expanded={preview}
            onClick={() => setPreview((p) => !p)}
          >
            {preview ? "Ocultar pré-visualização" : "Mostrar pré-visualização"}
          </Button>
        </div>
        {preview && <SeoPreview v={v} />}
        <TextField label="Título do site" maxLength={200} {...bind("title")} />
        <TextAreaField label="Descrição" rows={3} maxLength={500} {...bind("description")} />
        <TextField
          label="Palavras-chave"
          maxLength={500}
          hint="Separadas por vírgula."
          {...bind("keywords")}
        />
        <TextField label="Título para redes sociais (og:title)" maxLength={200} {...bind("ogTitle")} />
        <TextAreaField
          label="Descrição para redes sociais (og:description)"
          rows={2}
          maxLength={500}
          {...bind("ogDescription")}
        />
        <TextField
          label="Imagem para redes sociais (og:image)"
          type="url"
          placeholder="https://..."
          maxLength={2000}
          {...bind("ogImage")}
        />
        <TextField
          label="URL canônica"
          type="url"
          placeholder="https://seusite.com.br"
          maxLength={2000}
          {...bind("canonicalUrl")}
        />
      </div>
      <SeoTips v={v} />
    </div>
  );
}
