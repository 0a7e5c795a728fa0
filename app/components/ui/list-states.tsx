/**
 * The three states every list shows the same way (docs/architecture.md, "Lists"):
 * - loading: the list stays, with a role=status text (ListLoading);
 * - empty: the spec's empty text (ListEmpty; EmptyRow in a table);
 * - error: the spec's load error in a role=alert box (ListError), plus the spec's toast where
 *   the spec asks for one.
 */

export function ListLoading({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="py-8 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}

export function ListEmpty({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <p className={`py-8 text-center text-sm text-slate-600 ${className}`}>{children}</p>;
}

export function ListError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
      {message}
    </p>
  );
}
