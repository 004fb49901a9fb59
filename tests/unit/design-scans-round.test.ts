import { describeEveryCombination } from "../support/design-scan";

// Half of issue #28's scan matrix (the other half is design-scans-classy.test.ts), so that the
// two files run side by side.
describeEveryCombination(["square", "rounded", "dots"]);
