import { describe, expect, it } from "vitest";
import { contrastRatio, scannabilityProblem } from "../../app/qr/contrast";
import {
  defaultFields,
  evaluateFields,
  fieldsToSearchParams,
  readFields,
  type GeneratorFields,
} from "../../app/qr/fields";
import { parseContent, parseStyle } from "../../app/qr/schema";

function errorsOf(type: Parameters<typeof parseContent>[0], input: Record<string, unknown>) {
  const parsed = parseContent(type, input);
  return parsed.ok ? {} : parsed.errors;
}

describe("content validation messages", () => {
  it("asks for the content each type needs", () => {
    expect(errorsOf("url", { url: " " })).toEqual({ url: "Enter a website address" });
    expect(errorsOf("url", { url: "not a url" })).toEqual({
      url: "Enter a valid web address, like https://example.com",
    });
    expect(errorsOf("url", { url: "javascript:alert(1)" })).toHaveProperty("url");
    expect(errorsOf("text", { text: "" })).toEqual({ text: "Enter some text" });
    expect(errorsOf("email", { email: "nope" })).toEqual({
      email: "Enter a valid e-mail address, like name@example.com",
    });
    expect(errorsOf("phone", { phone: "call me" })).toHaveProperty("phone");
    expect(errorsOf("wifi", { ssid: "", password: "" })).toHaveProperty("ssid");
    expect(errorsOf("wifi", { ssid: "Home", password: "short", encryption: "WPA" })).toEqual({
      password: "WPA passwords have 8 to 63 characters.",
    });
    expect(errorsOf("wifi", { ssid: "Home", password: "abcde", encryption: "WEP" })).toEqual({});
    expect(errorsOf("wifi", { ssid: "Home", encryption: "WPA3" })).toHaveProperty("encryption");
  });

  it("accepts a contact with any of first name, last name, e-mail or phone", () => {
    expect(errorsOf("contact", { company: "Acme" })).toEqual({
      firstName: "Enter at least a name, an e-mail address or a phone number.",
    });
    for (const field of ["firstName", "lastName", "email", "phone"]) {
      const value = field === "email" ? "a@b.co" : field === "phone" ? "12345" : "Ann";
      expect(errorsOf("contact", { [field]: value }), field).toEqual({});
    }
  });
});

describe("size and colours", () => {
  it("allows only the four sizes and # with 3 or 6 hex digits", () => {
    expect(parseStyle({ size: "1024" })).toMatchObject({ ok: true, value: { size: 1024 } });
    expect(parseStyle({ size: "300" })).toMatchObject({
      ok: false,
      errors: { size: expect.any(String) },
    });
    expect(parseStyle({ fgColor: "#12" })).toMatchObject({
      ok: false,
      errors: { fgColor: expect.stringContaining("# followed by 3 or 6 hex digits") },
    });
    expect(parseStyle({ fgColor: "000000" })).toMatchObject({ ok: false });
    expect(parseStyle({ fgColor: "#1D4ED8", bgColor: "#fff" })).toEqual({
      ok: true,
      value: { size: 256, fgColor: "#1d4ed8", bgColor: "#ffffff" },
    });
  });

  it("refuses colour pairs phones cannot read, with a fix", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(scannabilityProblem("#000000", "#ffffff")).toBeNull();
    expect(scannabilityProblem("#1d4ed8", "#ffffff")).toBeNull();
    expect(scannabilityProblem("#ffffff", "#000000")).toMatch(/swap the two colours/);
    expect(scannabilityProblem("#777777", "#888888")).toMatch(/too close.*at least 3:1/);
    expect(scannabilityProblem("#fde047", "#ffffff")).toMatch(/foreground darker/);
  });
});

describe("links that prefill the generator", () => {
  it("reads every spec parameter and reports that settings were loaded", () => {
    const { fields, prefilled } = readFields(
      new URLSearchParams(
        "type=wifi&ssid=Cafe%20Net&password=supersecret&encryption=WPA&hidden=true&size=512&fg=1d4ed8&bg=FFFFFF",
      ),
    );
    expect(prefilled).toBe(true);
    expect(fields).toMatchObject({
      type: "wifi",
      size: "512",
      fg: "#1d4ed8",
      bg: "#ffffff",
      values: { ssid: "Cafe Net", password: "supersecret", encryption: "WPA", hidden: "true" },
    });
    expect(evaluateFields(fields)).toMatchObject({ ok: true });
  });

  it("ignores sizes outside the allowed set, unknown types and malformed colours", () => {
    const { fields } = readFields(new URLSearchParams("type=pdf&size=300&fg=zzz&bg=12345"));
    expect(fields.type).toBe("url");
    expect(fields.size).toBe("256");
    expect(fields.fg).toBe("#000000");
    expect(fields.bg).toBe("#ffffff");
  });

  it("starts with a sample URL and says nothing was loaded without parameters", () => {
    const { fields, prefilled } = readFields(new URLSearchParams());
    expect(prefilled).toBe(false);
    expect(evaluateFields(fields)).toMatchObject({
      ok: true,
      content: { url: "https://example.com" },
    });
  });

  it("round-trips through a share link with only the selected type's fields", () => {
    const fields: GeneratorFields = defaultFields();
    fields.type = "contact";
    Object.assign(fields.values, {
      firstName: "Ann",
      lastName: "Lee",
      company: "Acme",
      phone: "123 456",
    });
    fields.fg = "#1d4ed8";
    const params = fieldsToSearchParams(fields);
    expect(params.get("url")).toBeNull();
    expect(params.get("fg")).toBe("1d4ed8");
    const read = readFields(params).fields;
    expect({ ...read, values: { ...read.values, url: "x", text: "x" } }).toEqual({
      ...fields,
      values: { ...fields.values, url: "x", text: "x" },
    });
    // The sample link of the default type is not carried into a contact card's link.
    expect(read.values.url).toBe("");
  });
});
