import { useAuth } from "./auth-state";

/**
 * Sign out: a plain post to /api/auth/logout without JavaScript; with it, local state is
 * cleared first and the request follows (spec section 4), going to `fallback` if it fails.
 */
export function SignOutForm({
  label,
  buttonClassName,
  fallback,
}: {
  label: string;
  buttonClassName: string;
  fallback?: string;
}) {
  const { signOut } = useAuth();
  return (
    <form
      method="post"
      action="/api/auth/logout"
      onSubmit={(event) => {
        event.preventDefault();
        void signOut(fallback);
      }}
    >
      <button type="submit" className={buttonClassName}>
        {label}
      </button>
    </form>
  );
}
