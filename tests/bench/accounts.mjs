// An account for a bench run, signed up as a person would (from its own network address, so the
// sign-up rate limit never counts two of them together): its id and session cookie.
export async function benchAccount(origin, { email, firstName, lastName, plan, ip }) {
  const response = await fetch(new URL("/api/auth/signup", origin), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": ip },
    body: JSON.stringify({ email, password: "a long enough password", firstName, lastName, plan }),
  });
  if (response.status !== 201) throw new Error(`Sign-up of ${email} failed: ${response.status}`);
  const { id } = await response.json();
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("qr_session="))
    ?.split(";")[0];
  return { id, cookie };
}
