import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { personalWorkspaceId } from "../../app/workspaces/personal";
import { textOf } from "../support/html";
import { cookieFrom, newPerson, postJson } from "./accounts";
import { appFetch } from "./app";
import { landOn, postForm } from "./forms";

// The dashboard in the account's language (issue #32): signed-in pages have no locale prefix, so
// the language chosen at the picker (kept on the account) decides, and the numbers are written
// the way that language writes them.

async function japaneseAccount() {
  const signup = await postJson("/api/auth/signup", { ...newPerson(), plan: "ultimate" });
  expect(signup.status).toBe(201);
  const { id } = await signup.json<{ id: string }>();
  const session = cookieFrom(signup, "qr_session")!;
  const chosen = await postForm("/language", { lang: "ja", next: "/dashboard" }, session);
  expect(chosen.status).toBe(302);
  expect(chosen.headers.get("Location")).toBe("/dashboard");
  const row = await env.DB.prepare("SELECT language FROM users WHERE id = ?")
    .bind(id)
    .first<{ language: string }>();
  expect(row?.language).toBe("ja");
  return { id, session };
}

/** A saved code with many downloads and scans, so that the counts need a thousands separator. */
async function busyCode(userId: string) {
  const row = await env.DB.prepare(
    `INSERT INTO qr_codes (workspace_id, user_id, type, data, customization, title, created_at,
       updated_at, download_count, scan_count)
     VALUES (?, ?, 'url', ?, ?, ?, ?, ?, 12345, 2345) RETURNING id`,
  )
    .bind(
      personalWorkspaceId(userId),
      userId,
      JSON.stringify({ url: "https://example.com/menu" }),
      JSON.stringify({ size: 256, fgColor: "#000000", bgColor: "#ffffff" }),
      "Lunch menu",
      Date.now(),
      Date.now(),
    )
    .first<{ id: number }>();
  return row!.id;
}

describe("the dashboard in the account's language", () => {
  it("shows a Japanese account its code list and analytics tab in Japanese, counts through Intl", async () => {
    const { id, session } = await japaneseAccount();
    await busyCode(id);
    // Only the session: the language comes from the account, not from a cookie of this browser.
    const response = await appFetch("/dashboard", { headers: { Cookie: session } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="ja"/);
    const text = textOf(html);
    for (const shown of [
      "あなたのQRコード", // the list's heading
      "1件のコード", // how many codes the list holds
      "分析", // the tabs of the dashboard's navigation
      "プランとお支払い",
      "フィルターと並べ替え",
      "PNGをダウンロード",
      "ダウンロード12,345回", // a code's downloads, grouped the Japanese way
      "スキャン2,345回",
      "エンゲージメント19%",
      "QRコード数", // the analytics tab's totals
      "詳しい分析",
      "国別のスキャン",
    ]) {
      expect(text, shown).toContain(shown);
    }
    for (const english of ["Your QR codes", "Download PNG", "Total Scans", "Plan & Billing"]) {
      expect(text, english).not.toContain(english);
    }

    // The full analytics view: its headings, form and weekday names in Japanese.
    const analytics = textOf(
      await (
        await appFetch("/dashboard/analytics?tz=UTC", { headers: { Cookie: session } })
      ).text(),
    );
    for (const shown of [
      "スキャンの推移",
      "過去30日間",
      "曜日・時間帯別のスキャン",
      "時刻 月 火 水 木 金 土 日", // the busiest hours' table, weekdays named by Intl
    ]) {
      expect(analytics, shown).toContain(shown);
    }
    expect(analytics).not.toContain("Scans over time");
  });

  it("sends the dashboard's messages with a client navigation's data, not only the shell's", async () => {
    const { session } = await japaneseAccount();
    // With JavaScript, the search form asks for "/dashboard.data": the same page, the same messages.
    const response = await appFetch("/dashboard.data?q=menu&_routes=root%2Croutes%2Fdashboard", {
      headers: { Cookie: session },
    });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("dashboard.list.heading");
    expect(body).toContain("あなたのQRコード");
    // The home page's data ("/ja/_.data"), where the help button opens the tour: its messages.
    const home = await appFetch("/ja/_.data?_routes=root", {
      headers: { Cookie: session },
    });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("QR Code Creatorへようこそ");
  });

  it("answers a Japanese account's actions with messages in Japanese", async () => {
    const { id, session } = await japaneseAccount();
    const code = await busyCode(id);
    const refused = await postForm(
      "/dashboard",
      { intent: "rename", id: String(code), title: " " },
      session,
    );
    expect(refused.status).toBe(303);
    expect(await landOn(refused, session)).toContain("QRコードのタイトルを入力してください。");
    const none = await postForm("/dashboard/selection", { action: "tag", tag: "spring" }, session);
    expect(await landOn(none, session)).toContain("コードが選択されていません");
  });
});
