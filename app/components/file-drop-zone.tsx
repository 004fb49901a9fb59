import { type InputHTMLAttributes, useRef, useState } from "react";
import { useT } from "../i18n/i18n";

type FileInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  id: string;
  name: string;
  /** What to drop, for the prompt: "your logo", "a CSV file". */
  what: string;
};

/**
 * Every file input of the app: a plain <input type="file"> (so it works without JavaScript, and
 * its label, errors and required state stay native) inside a zone that also takes a dropped file
 * once JavaScript runs.
 */
export function FileDropZone({ what, className, ...input }: FileInputProps) {
  const t = useT();
  const field = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const carriesFiles = (event: React.DragEvent) => event.dataTransfer.types.includes("Files");
  return (
    <div
      className={["drop-zone", dragging ? "dragging" : "", className ?? ""].join(" ").trim()}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        if (!carriesFiles(event) || !field.current) return;
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (!file) return;
        const transfer = new DataTransfer();
        transfer.items.add(file);
        field.current.files = transfer.files;
        field.current.dispatchEvent(new Event("change", { bubbles: true }));
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="icon drop-zone-icon">
        <path
          d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="drop-zone-prompt" aria-hidden="true">
        {chosen ? t("common.drop.chosen", { file: chosen }) : t("common.drop.prompt", { what })}
      </p>
      <input
        {...input}
        ref={field}
        type="file"
        onChange={(event) => {
          setChosen(event.currentTarget.files?.[0]?.name ?? null);
          input.onChange?.(event);
        }}
      />
    </div>
  );
}
