import { z } from "~/lib/zod";
import { explainJsonError } from "./json-error";

export const SETTINGS_MESSAGES = {
  saved: "Configurações salvas com sucesso!",
  saveError: "Erro ao salvar configurações",
  loadError: "Erro ao carregar configurações",
  url: "Informe uma URL válida (https://...).",
  gaId: "Use o formato G-XXXXXXXXXX (GA4) ou UA-XXXXXXX-X (Universal Analytics).",
  gtmId: "Use o formato GTM-XXXXXXX.",
  pixelId: "O ID do Pixel do Facebook tem apenas números.",
  structuredData: (detail: string) => `Os dados estruturados devem ser um JSON válido: ${detail}`,
  structuredDataShape: "Os dados estruturados devem ser um objeto ou uma lista JSON (JSON-LD).",
  max: (n: number) => `Máximo de ${n} caracteres.`,
} as const;

/** SPEC §9 SEO advice (shown, never enforced). */
export const SEO_TIPS = {
  title: { min: 50, max: 60 },
  description: { min: 150, max: 160 },
  ogImage: "1200×630",
} as const;

export const GA_ID_PATTERN = /^(G-[A-Z0-9]{4,20}|UA-\d{4,10}-\d{1,4})$/;
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;
export const PIXEL_ID_PATTERN = /^\d{6,20}$/;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, SETTINGS_MESSAGES.max(max))
    .optional()
    .transform((v) => (v ? v : null));

const url = text(2000).refine(
  (v) => v === null || (/^https?:\/\//i.test(v) && URL.canParse(v)),
  SETTINGS_MESSAGES.url,
);

const id = (pattern: RegExp, message: string, upper = true) =>
  z
    .string()
    .trim()
    .max(40, message)
    .optional()
    .transform((v) => (v ? (upper ? v.toUpperCase() : v) : null))
    .refine((v) => v === null || pattern.test(v), message);

/** Code pasted by the admin, kept as typed (no trim of inner whitespace). */
const code = z
  .string()
  .max(20_000, SETTINGS_MESSAGES.max(20_000))
  .optional()
  .transform((v) => (v && v.trim() ? v : null));

const structuredData = code.superRefine((v, ctx) => {
  if (v === null) return;
  // Never the engine's English JSON.parse text: where and why, in pt-BR.
  const mistake = explainJsonError(v);
  if (mistake) {
    ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.structuredData(mistake) });
    return;
  }
  const parsed: unknown = JSON.parse(v);
  if (typeof parsed !== "object" || parsed === null)
    ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.structuredDataShape });
});

/** The single settings record's form (four tabs, one form). Keys are SettingsInput's. */
export const SettingsSchema = z.object({
  title: text(200),
  description: text(500),
  keywords: text(500),
  ogTitle: text(200),
  ogDescription: text(500),
  ogImage: url,
  canonicalUrl: url,
  homeTitle: text(200),
  homeDescription: text(500),
  blogTitle: text(200),
  blogDescription: text(500),
  contactTitle: text(200),
  contactDescription: text(500),
  googleAnalyticsId: id(GA_ID_PATTERN, SETTINGS_MESSAGES.gaId),
  googleTagManagerId: id(GTM_ID_PATTERN, SETTINGS_MESSAGES.gtmId),
  facebookPixelId: id(PIXEL_ID_PATTERN, SETTINGS_MESSAGES.pixelId, false),
  customScriptsHead: code,
  customScriptsBody: code,
  structuredData,
});
export type SettingsFormInput = z.output<typeof SettingsSchema>;

/** Which tab holds each field (to open the tab of the first error). */
export const SETTINGS_TABS = {
  seo: [
    "title",
    "description",
    "keywords",
    "ogTitle",
    "ogDescription",
    "ogImage",
    "canonicalUrl",
    "homeTitle",
    "homeDescription",
    "blogTitle",
    "blogDescription",
    "contactTitle",
    "contactDescription",
  ],
  analytics: ["googleAnalyticsId", "googleTagManagerId", "facebookPixelId"],
  scripts: ["customScriptsHead", "customScriptsBody"],
  structured: ["structuredData"],
} as const;
export type SettingsTab = keyof typeof SETTINGS_TABS;

export const NOTIFICATION_MESSAGES = {
  saved: "Notificações salvas com sucesso!",
  saveError: "Erro ao salvar notificações",
  loadError: "Erro ao carregar notificações",
  invalid: (value: string) => `"${value}" não é um e-mail válido.`,
  supportEmail: "Informe um e-mail válido para o atendimento (ex.: atendimento@suaempresa.com.br).",
  tooMany: (n: number) => `Informe no máximo ${n} e-mails.`,
} as const;

export const MAX_LEAD_ALERT_EMAILS = 20;

/**
 * Settings → Notificações: extra addresses for the new-lead alert, one per line (commas and
 * semicolons also separate). Each must be an e-mail; the first bad one is named.
 */
export const LeadAlertEmailsSchema = z.object({
  // "E-mail de atendimento": the Reply-To of every e-mail to a client; empty: none.
  supportEmail: z
    .string()
    .max(254, NOTIFICATION_MESSAGES.supportEmail)
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v === "" || z.email().safeParse(v).success, NOTIFICATION_MESSAGES.supportEmail)
    .transform((v) => v || null),
  leadAlertEmails: z
    .string()
    .max(5000, NOTIFICATION_MESSAGES.tooMany(MAX_LEAD_ALERT_EMAILS))
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(/[\s,;]+/)
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .superRefine((emails, ctx) => {
      const bad = emails.find((e) => !z.email().safeParse(e).success || e.length > 254);
      if (bad) ctx.addIssue({ code: "custom", message: NOTIFICATION_MESSAGES.invalid(bad.slice(0, 80)) });
      else if (new Set(emails.map((e) => e.toLowerCase())).size > MAX_LEAD_ALERT_EMAILS)
        ctx.addIssue({ code: "custom", message: NOTIFICATION_MESSAGES.tooMany(MAX_LEAD_ALERT_EMAILS) });
    }),
});
