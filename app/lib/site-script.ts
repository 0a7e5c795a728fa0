// The contract between the public pages' HTML and their one small script (app/site-script/):
// the ids, data attributes and timings both sides use. Client-safe and framework-free.

/** SPEC §9 timings. */
export const SOLID_AFTER_PX = 50;
export const SECTION_SCROLL_DELAY_MS = 500;
export const REP_SCROLL_DELAY_MS = 300;

/** sessionStorage key: the landing section a header link on another page asked for. */
export const SCROLL_TARGET_KEY = "scrollTarget";

export const MOBILE_MENU_ID = "menu-mobile";
export const REP_DIALOG_ID = "representante-dialogo";
export const COOKIE_PREFERENCES_ID = "preferencias-cookies";

/** The landing's query parameter that preselects the contact form's plan (works without script). */
export const PLAN_PARAM = "plano";

/** How long a server-rendered toast stays (the script removes it; CSS fades it without script). */
export const TOAST_MS = 6000;

/**
 * Attributes of an invoker button (`command` / `commandfor`, native in current browsers): opens
 * or closes a `<dialog>` without script. The site script emulates them where they are missing.
 * React 19 passes unknown lowercase attributes through; its types do not list them yet.
 */
export function invokes(command: "show-modal" | "close", target: string) {
  return { command, commandfor: target } as unknown as Record<string, never>;
}
