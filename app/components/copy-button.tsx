import { useToast } from "./toast";
import { useHydrated } from "./use-hydrated";

/**
 * Copies `text` with the spec's toasts ("Link copied!", or "Copy failed" / "Please copy the link
 * manually."). Copying needs JavaScript, so without it the button is not there and the link is
 * shown as text beside it.
 */
export function CopyButton({
  text,
  label,
  onCopied,
  copiedTitle = "Link copied!",
}: {
  text: string;
  label: string;
  onCopied?: () => void;
  /** What the toast says once copied. */
  copiedTitle?: string;
}) {
  const toast = useToast();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: copiedTitle, variant: "success", duration: 2000 });
      onCopied?.();
    } catch {
      toast({
        title: "Copy failed",
        description: "Please copy the link manually.",
        variant: "error",
      });
    }
  };
  return (
    <button type="button" className="btn btn-ghost" onClick={() => void copy()}>
      {label}
    </button>
  );
}
