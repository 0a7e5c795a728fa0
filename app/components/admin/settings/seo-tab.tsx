import { CheckCircle2, AlertTriangle } from "lucide-react";
import { useState } from "react";
import { Button, TextAreaField, TextField } from "~/components/ui/form";
import type { FieldErrors } from "~/lib/validation";
import { SEO_TIPS } from "~/modules/settings/settings.schema";
import { safeHttpUrl } from "~/lib/safe-url";
import { FIXED_SEO, type PageSeoPath } from "~/modules/seo/fixed-seo";

export interface SeoValues {
  title: string;
  description: string;
  keywords: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  canonicalUrl: string;
  homeTitle: string;
  homeDescription: string;
  blogTitle: string;
  blogDescription: string;
  contactTitle: string;
  contactDescription: string;
}

/** The fixed pages the admin may retitle (Yoast-style), with their form fields. */
const PAGES: { path: PageSeoPath; label: string; title: keyof SeoValues; description: keyof SeoValues }[] = [
  { path: "/", label: "Página inicial", title: "homeTitle", description: "homeDescription" },
  { path: "/blog", label: "Blog", title: "blogTitle", description: "blogDescription" },
  { path: "/contato", label: "Contato", title: "contactTitle", description: "contactDescription" },
];

/**
 * What a page serves, exactly as the server computes it (modules/seo/seo.server.ts): its own
 * title/description or the spec's fixed text; og:title/description from the social fields on the
 * home only; the canonical address is the site's address plus the path.
 */
export function servedSeo(v: SeoValues, path: PageSeoPath) {
  const page = PAGES.find((p) => p.path === path)!;
  const title = v[page.title].trim() || FIXED_SEO[path].title;
  const description = v[page.description].trim() || FIXED_SEO[path].description;
  const isHome = path === "/";
  return {
    url: `${(v.canonicalUrl.trim() || "https://seusite.com.br").replace(/\/+$/, "")}${isHome ? "" : path}`,
    title,
    description,
    ogTitle: (isHome && v.ogTitle.trim()) || title,
    ogDescription: (isHome && v.ogDescription.trim()) || description,
  };
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
  const [path, setPath] = useState<PageSeoPath>("/");
  const { url, title, description, ogTitle, ogDescription } = servedSeo(v, path);
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        Pré-visualizar a página
        <select
          value={path}
          onChange={(e) => setPath(e.currentTarget.value as PageSeoPath)}
          className="rounded-md border border-slate-300 px-2 py-1 text-sm"
        >
          {PAGES.map((p) => (
            <option key={p.path} value={p.path}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
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
        <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Textos por página</legend>
          <p className="text-sm text-slate-600">
            Título e descrição que a página inicial, o blog e a página de contato mostram nos buscadores. Em
            branco, a página usa o texto padrão (mostrado no campo). Os campos acima valem para as demais
            páginas.
          </p>
          {PAGES.map((p) => (
            <div key={p.path} className="grid gap-3 md:grid-cols-2">
              <TextField
                label={`${p.label}: título`}
                maxLength={200}
                placeholder={FIXED_SEO[p.path].title}
                {...bind(p.title)}
              />
              <TextAreaField
                label={`${p.label}: descrição`}
                rows={2}
                maxLength={500}
                placeholder={FIXED_SEO[p.path].description}
                {...bind(p.description)}
              />
            </div>
          ))}
        </fieldset>
      </div>
      <SeoTips v={v} />
    </div>
  );
}
