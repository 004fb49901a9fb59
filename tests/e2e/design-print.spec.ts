import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { decodeSingleQr } from "../support/qr-decode";
import "../support/zxing-node";
import { signInToDemo } from "./demo";

// Issue #28's print files as a Premium member downloads them from the download links: each PDF is
// rasterised with poppler and Ghostscript, each EPS with Ghostscript, and zxing must read the code
// back (workerd cannot run them, so this is the level that proves the print files scan).

const dir = mkdtempSync(join(tmpdir(), "design-print-e2e-"));

function rasterise(bytes: Buffer, name: string, kind: "pdf" | "eps"): Buffer[] {
  const file = join(dir, `${name}.${kind}`);
  writeFileSync(file, bytes);
  const gs = (extra: string[]) =>
    execFileSync("gs", [
      "-q",
      "-dSAFER",
      "-dBATCH",
      "-dNOPAUSE",
      "-sDEVICE=png16m",
      "-r150",
      "-dGraphicsAlphaBits=4",
      ...extra,
      `-sOutputFile=${join(dir, `${name}-gs.png`)}`,
      file,
    ]);
  if (kind === "eps") {
    gs(["-dEPSCrop"]);
    return [readFileSync(join(dir, `${name}-gs.png`))];
  }
  gs([]);
  execFileSync("pdftoppm", ["-r", "150", "-png", "-singlefile", file, join(dir, name)]);
  return [readFileSync(join(dir, `${name}-gs.png`)), readFileSync(join(dir, `${name}.png`))];
}

const QUERY =
  "type=url&url=https%3A%2F%2Fexample.com%2Fmenu&dotShape=classy-rounded&cornerShape=extra-rounded&cornerDotShape=dot&cornerColor=%231d4ed8&frame=bubble&frameText=Scan%20me&gradientType=radial&gradientFrom=%231d4ed8&gradientTo=%23111827";

test("a Premium member's PDF and EPS downloads, in RGB and CMYK, rasterise to codes that scan", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "downloads by link: the same request with JavaScript on or off");
  await signInToDemo(page, "premium", baseURL!);
  for (const [format, extra] of [
    ["pdf", ""],
    ["pdf", "&cmyk=1&printWidth=5&printUnit=cm"],
    ["eps", ""],
    ["eps", "&cmyk=1"],
  ] as const) {
    const response = await page.request.get(`/download.${format}?${QUERY}${extra}`);
    expect(response.status(), `${format}${extra}`).toBe(200);
    const images = rasterise(await response.body(), `${format}${extra ? "-cmyk" : ""}`, format);
    for (const image of images) {
      expect((await decodeSingleQr(image)).text, `${format}${extra}`).toBe(
        "https://example.com/menu",
      );
    }
  }
});

test("Free members are refused print files with a way to upgrade", async ({ page, baseURL }) => {
  await signInToDemo(page, "free", baseURL!);
  await page.goto(`/download.pdf?${QUERY}`);
  // Like SVG: back on the generator, with the reason and the way to upgrade.
  await expect(page).toHaveURL(/notice=print-plan/);
  await expect(page.getByRole("alert")).toContainText(
    "PDF and EPS downloads require Premium or Ultimate plan.",
  );
  await page.getByRole("link", { name: "See plans and upgrade" }).click();
  await expect(page).toHaveURL(/\/pricing/);
});
