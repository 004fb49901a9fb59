import { useEffect, useRef, useState } from "react";
import type { GeneratorFields } from "../../qr/fields";
import type { Preview, ShownCode } from "../../qr/preview";
import { preloadUsageTracker } from "../achievements/use-report-usage";
import { useT } from "../../i18n/i18n";
import { useToast } from "../toast";
import { downloadHref } from "./download-link";

/** With a logo the server draws each preview: a request waits this long after the last change. */
export const SERVER_PREVIEW_DELAY_MS = 400;

const loadPreviewModule = () => import("./live-preview");
type PreviewModule = Awaited<ReturnType<typeof loadPreviewModule>>;

function shownOf(preview: Preview): ShownCode | undefined {
  return preview.ok ? { src: preview.src, alt: preview.alt, query: preview.query } : preview.last;
}

/**
 * The preview of `fields`: the server's until they change, then drawn in the browser by the
 * lazily loaded QR core and design module on every change, without a debounce (issue #28: a
 * redraw costs a few milliseconds). A refused colour or design keeps the last good code, dimmed
 * beside the reason. If the core cannot load and there is no earlier preview to keep, the visitor
 * hears "Generation failed" (spec section 9) and the form still works without it.
 */
export function useLivePreview(
  fields: GeneratorFields,
  initialFields: GeneratorFields,
  initialPreview: Preview,
): Preview {
  const toast = useToast();
  const t = useT();
  const [preview, setPreview] = useState(initialPreview);
  const module = useRef<PreviewModule | null>(null);
  const last = useRef(shownOf(initialPreview));

  // Fetch the QR core while the visitor reads, so that the first change draws at once.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
    idle(() => {
      void loadPreviewModule().then(
        (loaded) => (module.current = loaded),
        () => undefined,
      );
      preloadUsageTracker();
    });
  }, []);

  useEffect(() => {
    if (fields === initialFields) return;
    const draw = ({ buildPreview, keepLast, translatePreview }: PreviewModule) => {
      const next = translatePreview(t, keepLast(buildPreview(fields), last.current));
      last.current = shownOf(next) ?? last.current;
      setPreview(next);
    };
    // Once loaded, the redraw is synchronous: no promise turn between a keystroke and its picture.
    if (module.current) return draw(module.current);
    let current = true;
    loadPreviewModule().then(
      (loaded) => {
        module.current = loaded;
        if (current) draw(loaded);
      },
      () => {
        if (!current || last.current) return;
        toast({ title: t("generator.toast.generationFailed"), variant: "error" });
      },
    );
    return () => {
      current = false;
    };
  }, [fields, initialFields, toast, t]);

  return preview;
}

/**
 * With a logo the server draws the code, as it does the downloads (it holds the logo): the image
 * follows the fields SERVER_PREVIEW_DELAY_MS after the last change, so typing costs no request a
 * keystroke, while the download links follow at once.
 */
export function useServerDrawnLogo(preview: Preview, logoKey: string | null): Preview {
  const query = preview.ok ? preview.query : null;
  const [settled, setSettled] = useState(query);
  useEffect(() => {
    if (!logoKey || query === null) return;
    const timer = setTimeout(() => setSettled(query), SERVER_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [logoKey, query]);
  if (!preview.ok || !logoKey) return preview;
  const drawn = settled ?? preview.query;
  return { ...preview, src: downloadHref("/download.png", drawn, logoKey) + "&inline=1" };
}
