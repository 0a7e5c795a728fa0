import { useEffect } from "react";
import { showToast } from "./toasts";

export interface ToastData {
  toast?: { type: "success" | "error" | "info"; message: string } | null;
}

/** Shows the toast an action returned (fetcher or form), once per response. */
export function useToastFromData(data: ToastData | undefined | null) {
  useEffect(() => {
    const t = data?.toast;
    if (t) showToast(t.type, t.message);
  }, [data]);
}
