import { createContext, useContext } from "react";

/**
 * Carries the CSP nonce from the server renderer to <Scripts>. Browsers hide nonce attributes
 * from the DOM, so on the client the value is empty and React keeps the server's attribute.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
