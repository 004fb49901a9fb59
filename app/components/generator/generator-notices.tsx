import { Link } from "react-router";
import { PRINT_PLAN_MESSAGE, SVG_PLAN_MESSAGE } from "../../plans/rules";
import { useHydrated } from "../use-hydrated";

export type GeneratorNotice = "svg-plan" | "print-plan" | "download-limit";

/** Messages from the server's redirects, shown above the generator in the server's HTML. */
export function GeneratorNotices({
  prefilled,
  notice,
}: {
  prefilled: boolean;
  notice: GeneratorNotice | null;
}) {
  const hydrated = useHydrated();
  return (
    <>
      {/* With JavaScript the same message arrives as a toast. */}
      {prefilled && !hydrated ? (
        <p className="notice notice-success" role="status">
          QR settings loaded!
        </p>
      ) : null}
      {notice === "svg-plan" ? (
        <p className="notice notice-warning" role="alert">
          {SVG_PLAN_MESSAGE} <Link to="/pricing">See plans</Link>
        </p>
      ) : null}
      {notice === "print-plan" ? (
        <p className="notice notice-warning" role="alert">
          {PRINT_PLAN_MESSAGE} PNG downloads, also at a print size, stay available on your plan.{" "}
          <Link to="/pricing">See plans and upgrade</Link>
        </p>
      ) : null}
      {notice === "download-limit" ? (
        <p className="notice notice-warning" role="alert">
          You have used your 3 free downloads for today.{" "}
          <Link to="/auth?mode=signup">Sign up free</Link> to keep downloading.
        </p>
      ) : null}
    </>
  );
}
