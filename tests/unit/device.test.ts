import { expect, it } from "vitest";
import { deviceClass } from "../../app/codes/device";

it("sorts user agents into mobile, tablet, desktop and bots", () => {
  expect(deviceClass("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148")).toBe(
    "mobile",
  );
  expect(deviceClass("Mozilla/5.0 (Linux; Android 15; Pixel 9) Mobile Safari/537.36")).toBe(
    "mobile",
  );
  expect(deviceClass("Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X)")).toBe("tablet");
  expect(deviceClass("Mozilla/5.0 (Linux; Android 14; SM-X710) Safari/537.36")).toBe("tablet");
  expect(deviceClass("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0")).toBe("desktop");
  expect(deviceClass("Googlebot/2.1 (+http://www.google.com/bot.html)")).toBe("bot");
  expect(deviceClass(null)).toBe("unknown");
});
