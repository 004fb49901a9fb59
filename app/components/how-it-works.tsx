const steps = [
  {
    title: "Choose what to share",
    text: "Pick a type — website, text, e-mail, phone, SMS, Wi-Fi or contact card — and fill in the details.",
  },
  {
    title: "Make it yours",
    text: "Choose a size and colours. We check the contrast so that every phone can still read it.",
  },
  {
    title: "Download and print",
    text: "Download a PNG (or SVG on paid plans). The code holds your content itself, so it never expires. On Premium, save a dynamic code instead to track scans and change the destination later.",
  },
];

export function HowItWorks() {
  return (
    <section className="how-it-works container" aria-labelledby="how-heading">
      <h2 id="how-heading">How it works</h2>
      <ol className="steps">
        {steps.map((step, index) => (
          <li key={step.title} className="step card">
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
