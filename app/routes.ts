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
  route("auth", "routes/auth.tsx"),
  route("signin", "routes/signin.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("auth-test", "routes/auth-test.tsx"),
  route("api/auth/user", "routes/api.auth.user.ts"),
  route("api/auth/signup", "routes/api.auth.signup.ts"),
  route("api/auth/signin", "routes/api.auth.signin.ts"),
  route("api/auth/logout", "routes/api.auth.logout.ts"),
  route("api/logout", "routes/api.logout.ts"),
  route("api/auth/demo", "routes/api.auth.demo.ts"),
  route("api/qr-codes", "routes/api.qr-codes.ts"),
  route("api/analytics", "routes/api.analytics.ts"),
  route("api/qr-codes/generate", "routes/api.qr-codes.generate.ts"),
  route("api/qr-codes/:id/download", "routes/api.qr-codes.download.ts"),
  route("s/:slug", "routes/scan.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
