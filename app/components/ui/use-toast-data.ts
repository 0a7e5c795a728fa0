import { useEffect } from "react";
import { toast } from "sonner";

export interface ToastData {
  toast?: { type: "success" | "error" | "info"; message: string } | null;
}

/** Shows the toast an action returned (fetcher or form), once per response. */
export function useToastFromData(data: ToastData | undefined | null) {
  useEffect(() => {
    const t = data?.toast;
    if (!t) return;
    if (t.type === "success") toast.success(t.message);
    else if (t.type === "error") toast.error(t.message);
    else toast(t.message);
  }, [data]);
}
