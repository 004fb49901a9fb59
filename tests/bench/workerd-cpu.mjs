// workerd's own CPU time: what the app costs, whatever else the machine is doing meanwhile.
import { readdirSync, readFileSync } from "node:fs";

export /** CPU seconds (user + system) used so far by the workerd processes started below this one. */
function workerdCpuSeconds() {
  const stats = new Map();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      stats.set(Number(pid), { name, ppid: Number(fields[1]), ticks: +fields[11] + +fields[12] });
    } catch {
      // the process ended meanwhile
    }
  }
  const ours = (pid) => {
    for (let p = pid; p > 1; p = stats.get(p)?.ppid ?? 0) if (p === process.pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, { name, ticks: t }] of stats) if (name === "workerd" && ours(pid)) ticks += t;
  return ticks / 100; // USER_HZ
}
