import { textOf } from "../support/html";
import { cookieFrom } from "./accounts";
import { appFetch, newAddress, ORIGIN } from "./app";

// Pages and their forms as a browser without JavaScript uses them: a form post, then the page
// the redirect leads to, with the message the redirect left for it.

export function postForm(path: string, fields: Record<string, string>, cookie?: string | null) {
  return appFetch(path, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      "CF-Connecting-IP": newAddress(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

/** The text of a page, as the person with `cookie` sees it. */
export async function pageText(path: string, cookie?: string | null): Promise<string> {
  const response = await appFetch(path, { headers: cookie ? { Cookie: cookie } : {} });
  return textOf(await response.text());
}

/** The text of the page a redirect leads to, with its flash message. */
export async function landOn(response: Response, cookie?: string | null): Promise<string> {
  const flash = cookieFrom(response, "qr_flash");
  const cookies = [cookie, flash].filter(Boolean).join("; ");
  return pageText(response.headers.get("Location")!, cookies || null);
}
