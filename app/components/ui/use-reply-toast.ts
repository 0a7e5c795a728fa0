import { useEffect } from "react";
import type { Toast } from "~/lib/form-reply";
import { showToast } from "./toasts";

/**
 * Shows the toast of an action reply (form or fetcher) or of loader data, once per answer: a
 * new object from the server shows it again, a re-render does not.
 */
export function useReplyToast(data: { toast?: Toast | null } | undefined | null) {
  useEffect(() => {
    const t = data?.toast;
    if (t) showToast(t.type, t.message);
  }, [data]);
}
