import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "QR Code Creator";

/** Title and description for a page; every route's meta export goes through here. */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [
    { title: title === SITE_NAME ? title : `${title} · ${SITE_NAME}` },
    { name: "description", content: description },
  ];
}
