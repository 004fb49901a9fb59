/** "Download my data": one JSON file from /account/export. */
export function DataSection() {
  return (
    <section className="card account-section" aria-labelledby="data-heading" id="data">
      <h2 id="data-heading">Your data</h2>
      <p className="muted">
        One file (JSON) with your profile, sign-ins, saved codes with their download and scan
        counts, and your subscription and billing history.
      </p>
      {/* A plain link: the file downloads, with or without JavaScript. */}
      <a href="/account/export" className="btn btn-ghost" download>
        Download my data
      </a>
    </section>
  );
}
