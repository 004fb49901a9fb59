/** The demo sign-in exists only where it is switched on, and never in production. */
export function demoModeAllowed(settings: { DEMO_MODE: string; ENVIRONMENT: string }): boolean {
  return settings.DEMO_MODE === "true" && settings.ENVIRONMENT !== "production";
}
