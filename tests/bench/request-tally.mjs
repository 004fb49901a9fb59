// The request counter behind /staff/health's 5xx rate (issue #31): what it adds to every request.
// Run: `node tests/bench/request-tally.mjs` (Node 24 reads the TypeScript module directly).
// It times count() + takeDue() — the whole per-request work; the D1 write goes out with
// waitUntil after the answer, at most once a minute per isolate — against an empty loop.
import { RequestTally } from "../../app/operations/request-tally.ts";

const N = 2_000_000;
const tally = new RequestTally();
const start = Date.now();

function run(work) {
  const began = process.hrtime.bigint();
  for (let i = 0; i < N; i += 1) work(i);
  return Number(process.hrtime.bigint() - began) / N;
}

for (let round = 0; round < 3; round += 1) {
  const baseline = run((i) => i % 7 === 0);
  const counted = run((i) => {
    // About 8 hours of requests at ~70 a second, 1 % of them 5xx.
    const now = start + i * 14;
    tally.count(i % 100 === 0 ? 500 : 200, now);
    tally.takeDue(now);
  });
  console.log(
    JSON.stringify({ round, nsPerRequest: +(counted - baseline).toFixed(1), requests: N }),
  );
}
