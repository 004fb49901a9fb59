// The English shell that error pages fall back on when the root loader failed (issue #32) says
// exactly what the English catalogue says.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { SHELL_FALLBACK, shellMetaT } from "../../app/i18n/shell-fallback";

const english = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../app/i18n/messages/en/common.json"), "utf8"),
) as Record<string, string>;

describe("the shell's English fallback", () => {
  it("equals the English catalogue, message for message", () => {
    for (const [id, compiled] of Object.entries(SHELL_FALLBACK)) {
      expect(english[id], id).toBeDefined();
      expect(compiled, id).toEqual(compileMessage(english[id]!));
    }
  });

  it("gives an error page's title in English when the root loader has no data", () => {
    const t = shellMetaT([{ id: "root" }]);
    expect(t("common.meta.errorTitle")).toBe("Something went wrong");
    expect(t("common.error.status", { status: 404 })).toBe("Error 404");
  });
});
