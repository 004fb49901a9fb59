import { useEffect, useRef, useState } from "react";
import type { GeneratorFields } from "../../qr/fields";
import type { Preview } from "../../qr/preview";
import { preloadUsageTracker } from "../achievements/use-report-usage";
import { useToast } from "../toast";

/** Delay between the last change and the new preview (spec section 4). */
export const PREVIEW_DEBOUNCE_MS = 400;

const loadPreviewModule = () => import("../../qr/preview");

/**
 * The preview of `fields`: the server's until they change, then drawn in the browser by the
 * lazily loaded QR core, `PREVIEW_DEBOUNCE_MS` after the last change, or at once through
 * `drawNow` (a new type, "Update preview"). If the core cannot load or draw and there is no
 * earlier preview to keep, the visitor hears "Generation failed" (spec section 9) and the form
 * still works without it.
 */
export function useLivePreview(
  fields: GeneratorFields,
  initialFields: GeneratorFields,
  initialPreview: Preview,
): [preview: Preview, drawNow: (fields: GeneratorFields) => void] {
  const toast = useToast();
  const [previewFields, setPreviewFields] = useState(initialFields);
  const [preview, setPreview] = useState(initialPreview);
  const shown = useRef(initialPreview.ok);

  useEffect(() => {
    if (fields === previewFields) return;
    const timer = setTimeout(() => setPreviewFields(fields), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [fields, previewFields]);

  // Fetch the QR core while the visitor reads, so that the first change draws at once.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
    idle(() => {
      void loadPreviewModule().catch(() => undefined);
      preloadUsageTracker();
    });
  }, []);

  useEffect(() => {
    if (previewFields === initialFields) return;
    let current = true;
    loadPreviewModule()
      .then(({ buildPreview }) => buildPreview(previewFields))
      .then(
        (next) => {
          if (!current) return;
          shown.current ||= next.ok;
          setPreview(next);
        },
        () => {
          if (!current || shown.current) return;
          toast({ title: "Generation failed", variant: "error" });
        },
      );
    return () => {
      current = false;
    };
  }, [previewFields, initialFields, toast]);

  return [preview, setPreviewFields];
}
