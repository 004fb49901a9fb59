import { useEffect, useRef, useState } from "react";
import type { GeneratorFields } from "../../qr/fields";
import type { Preview, ShownCode } from "../../qr/preview";
import { preloadUsageTracker } from "../achievements/use-report-usage";
import { useToast } from "../toast";

const loadPreviewModule = () => import("../../qr/preview");
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
    const draw = ({ buildPreview, keepLast }: PreviewModule) => {
      const next = keepLast(buildPreview(fields), last.current);
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
        toast({ title: "Generation failed", variant: "error" });
      },
    );
    return () => {
      current = false;
    };
  }, [fields, initialFields, toast]);

  return preview;
}
