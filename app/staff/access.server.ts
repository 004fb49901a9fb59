import { data, type RouterContextProvider } from "react-router";
import { getUser } from "../auth/user.server";
import type { UserRecord } from "../db/schema";
import { isStaffAccount } from "../support/settings.server";

// The staff console (/staff, issue #31) and support's inbox open only to verified accounts listed
// in STAFF_EMAILS. Everyone else, signed in or not, gets the same 404 as any unknown page, so the
// console's existence is not revealed.

const NOT_FOUND = "Page not found";

export async function requireStaff(context: Readonly<RouterContextProvider>): Promise<UserRecord> {
  const user = await getUser(context);
  if (!user || !isStaffAccount(user)) throw data(NOT_FOUND, { status: 404 });
  return user;
}
