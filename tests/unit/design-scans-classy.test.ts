import { describeEveryCombination } from "../support/design-scan";

// Half of issue #28's scan matrix (the other half is design-scans-round.test.ts), so that the
// two files run side by side.
describeEveryCombination(["classy", "classy-rounded", "extra-rounded"]);
