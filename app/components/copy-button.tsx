import { useT } from "../i18n/i18n";
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
  copiedTitle,
}: {
  text: string;
  label: string;
  onCopied?: () => void;
  /** What the toast says once copied. */
  copiedTitle?: string;
}) {
  const toast = useToast();
  const t = useT();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: copiedTitle ?? t("common.copy.copied"), variant: "success", duration: 2000 });
      onCopied?.();
    } catch {
      toast({
        title: t("common.copy.failed"),
        description: t("common.copy.manual"),
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
