import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** Renders `children` only in the browser (after hydration); `fallback` on the server. */
export function ClientOnly({
  children,
  fallback = null,
}: {
  children: () => React.ReactNode;
  fallback?: React.ReactNode;
}) {
  const browser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return <>{browser ? children() : fallback}</>;
}
