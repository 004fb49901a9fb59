import { HowItWorks } from "../components/how-it-works";
import { pageMeta } from "../seo";

export const meta = () =>
  pageMeta(
    "QR Code Creator",
    "Create free QR codes for links, text, e-mail, phone, SMS, Wi-Fi and contacts. Customise size and colours, preview live and download in a second.",
  );

export default function Home() {
  return (
    <>
      <section className="hero container">
        <h1>Create QR codes that always scan</h1>
        <p className="lead">
          Links, text, e-mail, phone, SMS, Wi-Fi and contact cards — free, in a second, with or
          without an account.
        </p>
      </section>
      <HowItWorks />
    </>
  );
}
