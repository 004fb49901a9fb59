import { Link } from "react-router";
import { Trans, useLocalePath, useT } from "../../i18n/i18n";
import { VISITOR_DOWNLOADS_PER_DAY } from "../../plans/visitors";
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
  const t = useT();
  const localePath = useLocalePath();
  return (
    <>
      {/* With JavaScript the same message arrives as a toast. */}
      {prefilled && !hydrated ? (
        <p className="notice notice-success" role="status">
          {t("generator.toast.settingsLoaded")}
        </p>
      ) : null}
      {notice === "svg-plan" ? (
        <p className="notice notice-warning" role="alert">
          {t("generator.plan.svg")}{" "}
          <Link to={localePath("/pricing")}>{t("generator.seePlans")}</Link>
        </p>
      ) : null}
      {notice === "print-plan" ? (
        <p className="notice notice-warning" role="alert">
          {t("generator.plan.print")} {t("generator.notice.printPng")}{" "}
          <Link to={localePath("/pricing")}>{t("generator.seePlansUpgrade")}</Link>
        </p>
      ) : null}
      {notice === "download-limit" ? (
        <p className="notice notice-warning" role="alert">
          <Trans
            id="generator.notice.downloadLimit"
            values={{ count: VISITOR_DOWNLOADS_PER_DAY }}
            components={{ 0: <Link to={localePath("/auth?mode=signup")} /> }}
          />
        </p>
      ) : null}
    </>
  );
}
