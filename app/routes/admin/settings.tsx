import type { Route } from "./+types/settings";
import { SettingsForm, type SettingsValues } from "~/components/admin/settings/settings-form";
import { SettingsNav } from "~/components/admin/settings/settings-nav";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, replyInvalid, toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { formatDateTime } from "~/lib/format";
import { requireAdmin } from "~/modules/auth/session.server";
import { getSettings, saveSettings } from "~/modules/settings/settings.server";
import { SETTINGS_MESSAGES, SettingsSchema } from "~/modules/settings/settings.schema";
import { parseForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import { ListError } from "~/components/ui/list-states";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // The admin edits the stored record, never the public cache.
  const s = await getSettings({ fresh: true });
  const values: SettingsValues = {
    title: s?.title ?? "",
    description: s?.description ?? "",
    keywords: s?.keywords ?? "",
    ogTitle: s?.ogTitle ?? "",
    ogDescription: s?.ogDescription ?? "",
    ogImage: s?.ogImage ?? "",
    canonicalUrl: s?.canonicalUrl ?? "",
    homeTitle: s?.homeTitle ?? "",
    homeDescription: s?.homeDescription ?? "",
    blogTitle: s?.blogTitle ?? "",
    blogDescription: s?.blogDescription ?? "",
    contactTitle: s?.contactTitle ?? "",
    contactDescription: s?.contactDescription ?? "",
    googleAnalyticsId: s?.googleAnalyticsId ?? "",
    googleTagManagerId: s?.googleTagManagerId ?? "",
    facebookPixelId: s?.facebookPixelId ?? "",
    customScriptsHead: s?.customScriptsHead ?? "",
    customScriptsBody: s?.customScriptsBody ?? "",
    structuredData: s?.structuredData ?? "",
  };
  return { values, updatedAt: s?.updatedAt ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const form = await parseForm(request, SettingsSchema, (errors) =>
    replyInvalid(errors, { toast: toast.error(SETTINGS_MESSAGES.saveError) }),
  );
  if (!form.ok) return form.reply;
  try {
    // saveSettings upserts id = 1 and clears the public cache at once.
    await saveSettings({ input: form.data, actor: user });
  } catch (err) {
    log.error({ err }, "saveSettings failed");
    return replyError(SETTINGS_MESSAGES.saveError, { toastOnly: true });
  }
  return redirectWithToast("/admin/settings", "success", SETTINGS_MESSAGES.saved);
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  const { values, updatedAt } = loaderData;
  return (
    <div className="max-w-6xl">
      <PageHeader
        title="Configurações"
        subtitle={
          updatedAt
            ? `SEO e rastreamento do site · última alteração em ${formatDateTime(updatedAt)}`
            : "SEO e rastreamento do site"
        }
      />
      <SettingsNav />
      {/* Remount after a save so every field shows what was stored. */}
      <SettingsForm key={String(updatedAt)} initial={values} errors={actionData?.fieldErrors} />
    </div>
  );
}

export function meta() {
  return [{ title: "Configurações | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message={SETTINGS_MESSAGES.loadError} />;
}
