import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The spec's URLs, mapped explicitly (spec section 2).
export default [
  index("routes/home.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("help", "routes/help.tsx"),
  route("faq", "routes/faq.tsx"),
  route("download.png", "routes/download.ts", { id: "download-png" }),
  route("download.svg", "routes/download.ts", { id: "download-svg" }),
  route("api/qr-codes/generate", "routes/api.qr-codes.generate.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
