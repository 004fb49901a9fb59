// Bulk generation in `npm run bench` (issue #17): a 1,000-row CSV at 512 px PNG through /bulk as a
// person uses it (upload, check, generate, wait for the job page to say the ZIP is ready), timed
// end to end, with the isolate's CPU per row and its peak heap from workerd's inspector.
import { benchAccount } from "./accounts.mjs";
import { isolateBusyMs } from "./cpu-profile.mjs";

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 1000);

export async function bulkBench(origin, inspectorPort) {
  const { cookie } = await benchAccount(origin, {
    email: "bulk-bench@example.com",
    firstName: "Bulk",
    lastName: "Bench",
    // Premium makes 1,000 rows a batch; a larger run (BENCH_BULK_ROWS) needs Ultimate.
    plan: ROWS > 1000 ? "ultimate" : "premium",
    ip: "192.0.2.252",
  });
  const lines = ["url,title"];
  for (let i = 1; i <= ROWS; i++) lines.push(`https://example.com/bulk/${i},Item ${i}`);
  const csv = lines.join("\n");
  const heap = {};
  let wallMs = 0;
  let zipBytes = 0;
  const busyMs = await isolateBusyMs(
    inspectorPort,
    async () => {
      const started = performance.now();
      const form = new FormData();
      form.set("file", new File([csv], "bench.csv", { type: "text/csv" }));
      form.set("format", "png");
      form.set("size", "512");
      const checked = await fetch(new URL("/bulk?intent=check", origin), {
        method: "POST",
        body: form,
        headers: { Cookie: cookie, Origin: origin },
      });
      const job = /name="job" value="([0-9a-f-]{36})"/.exec(await checked.text())?.[1];
      if (!job) throw new Error(`the check answered ${checked.status} without a batch`);
      await fetch(new URL("/bulk?intent=start", origin), {
        method: "POST",
        body: new URLSearchParams({ job }),
        headers: { Cookie: cookie, Origin: origin },
        redirect: "manual",
      });
      for (;;) {
        const page = await (
          await fetch(new URL(`/bulk/${job}`, origin), { headers: { Cookie: cookie } })
        ).text();
        if (page.includes("Your ZIP is ready")) break;
        if (page.includes("could not be finished")) throw new Error("the batch failed");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      wallMs = performance.now() - started;
      const zip = await fetch(new URL(`/bulk/${job}/download`, origin), {
        headers: { Cookie: cookie },
      });
      zipBytes = (await zip.arrayBuffer()).byteLength;
    },
    { heap },
  );
  const mb = (bytes) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  console.log(
    `Bulk: ${ROWS.toLocaleString("en-US")} rows at 512 px PNG, upload to ZIP ready: ${(wallMs / 1000).toFixed(1)} s (target under 15 s); isolate CPU ${(busyMs / ROWS).toFixed(2)} ms per row; peak isolate heap ${mb(heap.peakBytes ?? 0)} (limit 128 MB); ZIP ${mb(zipBytes)}.`,
  );
}
