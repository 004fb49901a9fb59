import { useEffect, useRef, useState } from "react";
import type { ContentField, GeneratorFields } from "../../qr/fields";
import type { Preview } from "../../qr/preview";
import { useLocalePath, useT } from "../../i18n/i18n";
import { FROM_GENERATOR, type QrType } from "../../qr/types";
import { useReportUsage } from "../achievements/use-report-usage";
import { useToast } from "../toast";
import { ContentFields } from "./content-fields";
import { CustomizationFields, type StylePatch } from "./customization-fields";
import type { PresetChoice } from "../../design/fields";
import type { GeneratorStyles } from "../../styles/generator.server";
import { BrandStyleField } from "./brand-style-field";
import { DesignSection } from "./design-section";
import type { DesignPatch } from "./design-extras";
import { type GeneratorNotice, GeneratorNotices } from "./generator-notices";
import { MobilePreviewBar } from "./mobile-preview-bar";
import { PreviewPanel } from "./preview-panel";
import { EMPTY_SAVE_FORM, type SaveFormState } from "./save-form";
import type { JustSavedCode } from "../../dashboard/code-overview.server";
import { TypeTabs } from "./type-tabs";
import { useLivePreview, useServerDrawnLogo } from "./use-live-preview";

interface GeneratorProps {
  initialFields: GeneratorFields;
  /** R2 key of a logo the signed-in user uploaded for this code. */
  logoKey: string | null;
  /** The server's preview of `initialFields`. */
  initialPreview: Preview;
  prefilled: boolean;
  notice: GeneratorNotice | null;
  /** PNG downloads left today for a visitor; null when the limit does not apply. */
  downloadsLeft: number | null;
  origin: string;
  /** The workspace's active custom domains, for a tracked code's link. */
  linkDomains?: { id: string; hostname: string }[];
  /** The ready-made designs, one click each. */
  presets?: PresetChoice[];
  /** The workspace's brand styles (Premium and Ultimate), or why they are locked. */
  brandStyles?: GeneratorStyles;
  /** The code just saved (issue #29 item 1): shown while the fields are still the saved ones. */
  saved?: JustSavedCode | null;
  /** The save form's title and choices, kept through a refusal or a sign-up (issue #29 item 2). */
  saveForm?: SaveFormState;
}

/**
 * The generator: the fields of the code (one GET form, so "Update preview" works without
 * JavaScript) beside its preview and tools. This component only holds the fields being edited and
 * wires the parts together.
 */
export function Generator({
  initialFields,
  logoKey,
  initialPreview,
  prefilled,
  notice,
  downloadsLeft,
  origin,
  linkDomains = [],
  presets = [],
  brandStyles,
  saved = null,
  saveForm = EMPTY_SAVE_FORM,
}: GeneratorProps) {
  const toast = useToast();
  const t = useT();
  const localePath = useLocalePath();
  const reportUsage = useReportUsage();
  const [fields, setFields] = useState(initialFields);
  const announced = useRef(false);

  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    if (prefilled) {
      toast({ title: t("generator.toast.settingsLoaded"), variant: "success", duration: 3000 });
    }
  }, [prefilled, toast, t]);

  // The server only shows a logo its owner uploaded, so one here means a logo was added.
  useEffect(() => {
    if (logoKey) reportUsage("logo");
  }, [logoKey, reportUsage]);

  const livePreview = useLivePreview(fields, initialFields, initialPreview);
  const preview = useServerDrawnLogo(livePreview, logoKey);
  const errors = preview.ok ? {} : preview.errors;

  const setValue = (name: ContentField, value: string) =>
    setFields((current) => ({ ...current, values: { ...current.values, [name]: value } }));
  const setStyle = (patch: StylePatch) => {
    setFields((current) => ({ ...current, ...patch }));
    reportUsage(patch.size ? "size" : "colors");
  };
  const setDesign = (patch: DesignPatch) => {
    setFields((current) => ({ ...current, design: { ...current.design, ...patch } }));
    reportUsage("colors");
  };
  const choosePreset = ({ fg, bg, design }: PresetChoice) => {
    setFields((current) => ({ ...current, fg, bg, design }));
    reportUsage("colors");
  };
  const chooseType = (type: QrType) => {
    if (type !== fields.type) reportUsage("type");
    setFields({ ...fields, type });
  };
  // The code last shown well, so that a refused colour keeps it (without JavaScript, too).
  const lastGood = preview.ok ? preview.query : preview.last?.query;

  return (
    <section id="generator" className="generator container" aria-labelledby="generator-heading">
      <h2 id="generator-heading" className="sr-only">
        {t("generator.heading")}
      </h2>
      <GeneratorNotices prefilled={prefilled} notice={notice} />
      <TypeTabs fields={fields} onChoose={chooseType} />

      <div className="generator-grid">
        <form
          method="get"
          action={localePath("/#generator")}
          className="card generator-form"
          aria-label={t("generator.form.label")}
          // With JavaScript every change is drawn already. A preset clicked before the Design
          // section has hydrated (its code loads after the page's) goes to the server instead,
          // and so does "Apply style" (the style's design comes from the server).
          onSubmit={(event) => {
            const submitter = (event.nativeEvent as SubmitEvent).submitter;
            const name = submitter?.getAttribute("name");
            if (name !== "preset" && name !== "applyStyle") event.preventDefault();
          }}
        >
          <input type="hidden" name="type" value={fields.type} />
          <input type="hidden" name={FROM_GENERATOR.name} value={FROM_GENERATOR.value} />
          {logoKey ? <input type="hidden" name="logo" value={logoKey} /> : null}
          {lastGood ? <input type="hidden" name="last" value={lastGood} /> : null}
          <fieldset>
            <legend>{t(`generator.details.${fields.type}`)}</legend>
            <ContentFields
              type={fields.type}
              values={fields.values}
              errors={errors}
              onChange={setValue}
            />
          </fieldset>
          <CustomizationFields fields={fields} errors={errors} onChange={setStyle} />
          {brandStyles ? <BrandStyleField brandStyles={brandStyles} /> : null}
          <DesignSection
            design={fields.design}
            fg={fields.fg}
            errors={errors}
            hasLogo={logoKey !== null}
            presets={presets}
            onChange={setDesign}
            onPreset={choosePreset}
          />
          <button type="submit" className="btn btn-primary">
            {t("generator.form.update")}
          </button>
          <MobilePreviewBar
            preview={preview}
            logoKey={logoKey}
            saved={fields === initialFields ? saved : null}
          />
        </form>

        <PreviewPanel
          preview={preview}
          logoKey={logoKey}
          downloadsLeft={downloadsLeft}
          origin={origin}
          linkDomains={linkDomains}
          // Once a field changes, the code on screen is no longer the saved one.
          saved={fields === initialFields ? saved : null}
          saveForm={saveForm}
          type={fields.type}
        />
      </div>
    </section>
  );
}
